/** refactoring.rename's planning data: the 'rename' strategy drafts {file, symbol, line, newName} or {file, newFileName}. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'rename',
      label: 'rename a symbol or file',
      keywords: 'rename=4,change name=4',
    },
  ],
  strategy: 'rename',
};
