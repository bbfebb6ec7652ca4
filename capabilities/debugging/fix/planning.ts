/** debugging.fix's planning data: the 'fix' stage of the debug strategy; covers the type-check when the task says fix. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'debug-fix',
      label: 'fix an error',
      keywords: 'fix=2,broken=2,repair=2.5,resolve=1.5',
      needsSubject: ['bug', 'error', 'crash', 'exception', 'failing', 'fails', 'broken', 'throws', 'wrong', 'issue', 'problem'],
    },
  ],
  strategy: 'debug',
  debug: {
    stage: 'fix',
    verb: 'Fix (staged, verified by re-running the failing check)',
    words: ['fix', 'repair', 'resolve', 'solve', 'patch'],
  },
  supersedes: [
    {
      intent: 'debug-typecheck',
      when: {
        any: ['fix', 'repair', 'resolve', 'solve', 'patch'],
      },
      summary: 'Fix the type errors that have a safe fix (missing import, misspelling, missing await), each verified by the type-check',
    },
  ],
};
