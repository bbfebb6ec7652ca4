/**
 * The shape of one error-catalogue entry (the data lives in `catalogue/*.ts`, one file per family).
 * `pattern` is a regular expression (source text, matched case-sensitively) that recognises the error
 * in a message, stack trace or tool output; `example` is a real message it must be found by (the
 * catalogue test checks every entry is the best match for its own example). `look` is a regular
 * expression for the project's lines that likely cause the error; `$1`, `$2` stand for the pattern's
 * capture groups (the property, name or module the message names), escaped before use.
 */
export type ErrorFamily = 'node' | 'system' | 'typescript' | 'runtime' | 'react' | 'nextjs' | 'library';

export const CATEGORIES = [
  'null-access',
  'not-a-function',
  'undefined-name',
  'wrong-import',
  'missing-module',
  'missing-await',
  'unhandled-rejection',
  'type-mismatch',
  'missing-property',
  'wrong-arguments',
  'system',
  'network',
  'syntax',
  'config',
  'module-format',
  'recursion',
  'invalid-value',
  'react-render',
  'react-hooks',
  'assertion',
  'database',
  'timeout',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface ErrorEntry {
  /** `<family>/<code or short name>`, unique. */
  id: string;
  family: ErrorFamily;
  category: Category;
  /** A code the error carries (`ERR_MODULE_NOT_FOUND`, `ENOENT`, `TS2339`): an exact code in the text wins over message patterns. */
  code?: string;
  pattern: string;
  title: string;
  explanation: string;
  causes: string[];
  fixes: string[];
  example: string;
  look?: string;
  /** The npm package the error comes from (library entries): the explanation says whether the project depends on it. */
  library?: string;
}
