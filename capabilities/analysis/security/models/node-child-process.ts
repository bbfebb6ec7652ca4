/** child_process: `exec` runs a shell; `spawn`/`execFile` run a program, and a shell only with `shell: true`. */
import type { LibraryModel } from './types.js';

const CP = ['child_process', 'node:child_process'];
const FIX = 'Use execFile/spawn with an argument array and no shell; allow-list the program and validate its arguments.';
const withSync = (names: string[]): string[] => names.flatMap((n) => [n, `${n}Sync`]);

export const model: LibraryModel = {
  id: 'node-child-process',
  title: 'Node child_process',
  modules: CP,
  assumedLocals: ['child_process', 'childProcess', 'cp'],
  sinks: [
    { ruleId: 'security/command-injection', kind: 'command', callee: { module: CP, path: withSync(['exec']) }, args: [0], fix: FIX },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: CP, path: [...withSync(['spawn', 'execFile']), 'fork'] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: CP, path: withSync(['spawn', 'execFile']) },
      args: 'all',
      requires: 'shellOption',
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: CP, path: withSync(['spawn', 'execFile']) },
      args: 'rest',
      requires: 'shellProgram',
      fix: FIX,
    },
  ],
};
