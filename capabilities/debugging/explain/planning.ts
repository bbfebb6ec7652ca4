/** debugging.explain's planning data: the 'explain' stage of the debug strategy. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'debug-explain',
      label: 'explain an error',
      keywords: 'explain=3,why=1.5,meaning=2,what mean=2.5',
      needsSubject: ['bug', 'error', 'crash', 'exception', 'failing', 'fails', 'broken', 'throws', 'wrong', 'issue', 'problem'],
    },
  ],
  strategy: 'debug',
  debug: {
    stage: 'explain',
    verb: 'Explain',
    words: ['explain', 'mean', 'meaning', 'understand'],
    // "why does X throw" without an error has nothing to explain: diagnose reads X instead.
    pastedWords: ['why'],
  },
};
