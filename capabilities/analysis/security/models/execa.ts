/** execa: `execaCommand(cmd)` splits a command line; `execa(file, args, { shell: true })` runs a shell. Tagged `$\`...\`` escapes. */
import type { LibraryModel } from './types.js';

const FIX = 'Pass the program and an argument array to execa() without `shell: true`, or use the tagged $`...` form, which escapes.';

export const model: LibraryModel = {
  id: 'execa',
  title: 'execa',
  modules: ['execa'],
  sinks: [
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['execa'], path: ['execaCommand', 'execaCommandSync', 'command', 'commandSync'] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['execa'], path: ['', 'execa', 'execaSync', 'sync'] },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['execa'], path: ['', 'execa', 'execaSync', 'sync'] },
      args: 'all',
      requires: 'shellOption',
      fix: FIX,
    },
    {
      ruleId: 'security/command-injection',
      kind: 'command',
      callee: { module: ['execa'], path: ['', 'execa', 'execaSync', 'sync'] },
      args: 'rest',
      requires: 'shellProgram',
      fix: FIX,
    },
  ],
};
