/** vm2 and other in-process "sandboxes" (safe-eval, static-eval, notevil): escapes are known; input must not be run as code. */
import type { LibraryModel } from './types.js';

const FIX =
  'Do not run input as code; in-process sandboxes have known escapes. Use a separate process with no privileges, or interpret a parsed expression.';

export const model: LibraryModel = {
  id: 'vm2',
  title: 'vm2, safe-eval and in-process sandboxes',
  modules: ['vm2', 'safe-eval', 'static-eval', 'notevil', 'isolated-vm', 'sandbox'],
  sinks: [
    {
      ruleId: 'security/code-injection',
      kind: 'code',
      callee: { module: ['vm2'], path: ['VM().run', 'NodeVM().run', 'VMScript', 'NodeVM().runFile'] },
      construct: true,
      args: [0],
      fix: FIX,
    },
    { ruleId: 'security/code-injection', kind: 'code', callee: { module: ['safe-eval', 'notevil'], path: [''] }, args: [0], fix: FIX },
    { ruleId: 'security/code-injection', kind: 'code', callee: { module: ['sandbox'], path: ['().run'] }, args: [0], fix: FIX },
  ],
};
