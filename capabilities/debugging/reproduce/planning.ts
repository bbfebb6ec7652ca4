/** debugging.reproduce's planning data: the 'reproduce' stage of the debug strategy (a failing test for a reported bug). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'debug-reproduce',
      label: 'reproduce a bug',
      keywords: 'reproduce=6,repro=6,reproduction=6,reproducing=6,failing test=4,regression test=4',
    },
  ],
  strategy: 'debug',
  // It adds a test and changes no code: refactoring.verify after it would only see the new test fail, as it must.
  behaviourNeutral: true,
  debug: {
    stage: 'reproduce',
    verb: 'Write a failing test that reproduces',
  },
};
