/** EJS: compiling or rendering a template whose source comes from input runs code on the server (template injection). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'ejs',
  title: 'EJS',
  modules: ['ejs'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: ['ejs'], path: ['compile', 'render'] },
      construct: true,
      args: [0],
      fix: TEMPLATE_FIX,
    },
  ],
};
