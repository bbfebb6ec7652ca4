/** testing.gaps's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'test-gaps',
      label: 'find untested code',
      keywords: 'test gap=5,untested=4.5,gaps=2.5,missing test=4.5,not tested=4.5',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
};
