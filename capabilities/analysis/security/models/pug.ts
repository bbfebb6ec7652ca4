/** Pug (Jade): compiling or rendering a template whose source comes from input runs code on the server (template injection). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'pug',
  title: 'Pug (Jade)',
  modules: ['pug', 'jade'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: ['pug', 'jade'], path: ['compile', 'render', 'compileClient', 'compileClientWithDependenciesTracked'] },
      construct: true,
      args: [0],
      fix: TEMPLATE_FIX,
    },
  ],
};
