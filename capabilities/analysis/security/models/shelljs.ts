/** shelljs: `shell.exec(cmd)` runs the command through a shell. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'shelljs',
  title: 'shelljs',
  modules: ['shelljs'],
  sinks: [
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['shelljs'], path: ['exec'] },
      args: [0],
      fix: 'Use child_process.execFile with an argument array, or shelljs commands that take arguments (shell.ls(dir)).',
    },
  ],
};
