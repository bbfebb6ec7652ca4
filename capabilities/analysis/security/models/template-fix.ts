/** The fix hint every template-engine model shares. */
export const TEMPLATE_FIX =
  'Compile only templates from your own files; pass input as data (the render context), never as template source.';
