/** refactoring.extract-function's planning data: the 'extract-range' strategy drafts {file, startLine, endLine, name}. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'extract',
      label: 'extract a function',
      keywords: 'extract=4,pull out=3,pull=2,lines=1.5,factor out=3.5',
    },
  ],
  strategy: 'extract-range',
};
