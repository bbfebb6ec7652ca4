/** testing.unit's planning data: the symbol and runner a task names; writes the tests of any generated kind in the build workflow. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'test-unit',
      offered: { when: 'build', order: 1 },
      label: 'write unit tests',
      keywords: 'unit test=4.5,unit=2,test=1.5,spec=1.5',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  tests: ['*'],
  fields: [
    {
      field: 'symbol',
      from: 'symbol',
    },
    {
      field: 'runner',
      from: 'runner',
      vocabulary: [
        {
          value: 'jest',
          phrases: ['jest'],
        },
        {
          value: 'vitest',
          phrases: ['vitest'],
        },
        {
          value: 'mocha',
          phrases: ['mocha'],
        },
        {
          value: 'playwright',
          phrases: ['playwright'],
        },
      ],
    },
  ],
};
