/** refactoring.verify's planning data: runs the type-check and tests on request, and is appended after writing steps (role 'verify-writes'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'verify',
      label: 'run the tests',
      family: 'verify',
      rank: 1,
      keywords: 'verify=3,run test=4,run spec=4,tests pass=4,test pass=4,test suite=3,execute test=4,type check test=5,typecheck test=5',
    },
  ],
  strategy: 'scope',
  scope: false,
  roles: ['verify-writes'],
  summary: "Run the project's {values} and report the result",
  valuesFallback: 'type-check and tests',
  fields: [
    {
      field: 'checks',
      from: 'checks',
    },
  ],
};
