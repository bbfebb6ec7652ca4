/** testing.run's planning data: preferred over refactoring.verify for the 'verify' intent when the task is about the tests alone. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'verify',
      label: 'run the tests',
      family: 'verify',
      rank: 0,
      keywords: 'verify=3,run test=4,run spec=4,tests pass=4,test pass=4,test suite=3,execute test=4,type check test=5,typecheck test=5',
      when: {
        any: ['test', 'spec'],
        none: ['type check', 'typecheck', 'types', 'compile'],
      },
    },
  ],
  strategy: 'scope',
  scope: false,
  summary: "Run the project's tests and report each test: passed, failed (with message and location) or skipped",
};
