/** testing.component's planning data: the component a task names (a path in the scope, or its name); writes the tests of the components the build workflow generates. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'test-component',
      label: 'write component tests',
      keywords: 'component test=5,testing library=5,react testing library=5,rtl=3',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  tests: ['component'],
  fields: [
    {
      field: 'symbol',
      from: 'symbol',
    },
  ],
};
