/** testing.integration's planning data: HTTP tests of the project's routes; writes the tests of generated API routes in the build workflow (a CRUD resource brings its own). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'test-integration',
      label: 'write integration tests',
      keywords:
        'integration=3.5,integration test=4.5,supertest=4,api test=4,route test=4,test rest endpoint=6,test endpoint=4.5,endpoint test=4.5,http test=4',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  tests: ['api-route'],
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
