/** Handlebars: compiling or rendering a template whose source comes from input runs code on the server (template injection). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'handlebars',
  title: 'Handlebars',
  modules: ['handlebars', 'hbs'],
  sinks: [{ ruleId: 'security/template-injection', kind: 'template', callee: { module: ['handlebars', 'hbs'], path: ['compile', 'precompile', 'create().compile', 'handlebars.compile'] }, construct: true, args: [0], fix: TEMPLATE_FIX }],
};
