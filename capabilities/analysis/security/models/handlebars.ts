/** Handlebars: compiling or rendering a template whose source comes from input runs code on the server (template injection). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'handlebars',
  title: 'Handlebars',
  modules: ['handlebars', 'hbs'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: ['handlebars', 'hbs'], path: ['compile', 'precompile', 'create().compile', 'handlebars.compile'] },
      construct: true,
      args: [0],
      fix: TEMPLATE_FIX,
    },
  ],
  options: [
    {
      callee: { module: ['handlebars', 'hbs'], path: ['compile', 'precompile', 'create().compile', 'handlebars.compile'] },
      arg: 1,
      option: 'noEscape',
      is: ['true'],
      ruleId: 'security/xss-autoescape-disabled',
      message: 'Handlebars compiled with noEscape: true: every {{value}} is inserted as raw HTML.',
      fix: 'Keep escaping on; mark the few trusted values with new Handlebars.SafeString() after sanitising them.',
    },
  ],
};
