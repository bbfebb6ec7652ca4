/** Node's vm module: not a security boundary; code it runs can reach the host process. */
import type { LibraryModel } from './types.js';

const VM = ['vm', 'node:vm'];
const FIX = 'Do not run input as code; vm is not a sandbox. Parse the input and interpret it instead.';

export const model: LibraryModel = {
  id: 'node-vm',
  title: 'Node vm',
  modules: VM,
  assumedLocals: ['vm'],
  sinks: [
    {
      ruleId: 'security/code-injection',
      kind: 'code',
      callee: { module: VM, path: ['runInNewContext', 'runInThisContext', 'runInContext', 'compileFunction'] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/code-injection',
      kind: 'code',
      callee: { module: VM, path: ['Script', 'SourceTextModule'] },
      construct: true,
      args: [0],
      fix: FIX,
    },
  ],
};
