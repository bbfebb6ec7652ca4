/** testing.e2e's planning data: end-to-end (browser) tests of the app's pages; the whole app, no scope. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'test-e2e',
      label: 'write end-to-end tests',
      keywords: 'e2e=4.5,end to end=4.5,playwright=4.5,cypress=4,browser test=4.5',
    },
  ],
  strategy: 'scope',
  scope: false,
  summary: "{Label} of the app's pages{detail}",
  fields: [
    {
      field: 'runner',
      from: 'runner',
      vocabulary: [
        { value: 'jest', phrases: ['jest'] },
        { value: 'vitest', phrases: ['vitest'] },
        { value: 'mocha', phrases: ['mocha'] },
        { value: 'node:test', phrases: ['node:test', 'node test runner'] },
      ],
    },
  ],
};
