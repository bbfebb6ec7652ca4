/** testing.coverage's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'test-coverage',
      label: 'measure test coverage',
      keywords: 'coverage=4.5,uncovered=4.5,covered=2',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
};
