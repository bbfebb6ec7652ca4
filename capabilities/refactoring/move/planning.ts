/** refactoring.move's planning data: the 'move-symbol' strategy drafts {file, symbol, to}. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'move',
      label: 'move a declaration',
      keywords: 'move=3.5,relocate=3.5',
    },
  ],
  strategy: 'move-symbol',
};
