/** LiquidJS: compiling or rendering a template whose source comes from input lets the client write markup and logic (template injection; no code execution, but XSS and data exposure). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'liquidjs',
  title: 'LiquidJS',
  modules: ['liquidjs'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: ['liquidjs'], path: ['Liquid().parseAndRender', 'Liquid().parseAndRenderSync', 'Liquid().parse'] },
      construct: true,
      args: [0],
      fix: TEMPLATE_FIX,
    },
  ],
};
