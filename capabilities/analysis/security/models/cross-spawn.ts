/** cross-spawn: child_process.spawn's API (a shell only with `shell: true`). */
import type { LibraryModel } from './types.js';

const FIX = 'Allow-list the program; pass arguments as an array without `shell: true`.';

export const model: LibraryModel = {
  id: 'cross-spawn',
  title: 'cross-spawn',
  modules: ['cross-spawn'],
  sinks: [
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['cross-spawn'], path: ['', 'sync', 'spawn'] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['cross-spawn'], path: ['', 'sync', 'spawn'] },
      args: 'all',
      requires: 'shellOption',
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['cross-spawn'], path: ['', 'sync', 'spawn'] },
      args: 'rest',
      requires: 'shellProgram',
      fix: FIX,
    },
  ],
};
