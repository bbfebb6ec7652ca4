/** doT: compiling or rendering a template whose source comes from input runs code on the server (template injection). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'dot',
  title: 'doT',
  modules: ['dot'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: ['dot'], path: ['template', 'compile'] },
      construct: true,
      args: [0],
      fix: TEMPLATE_FIX,
    },
  ],
};
