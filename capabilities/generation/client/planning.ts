/** generation.client's planning data: "generate a typed API client from openapi.json". */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-client',
      family: 'generation',
      label: 'generate an HTTP client',
      keywords: 'client=3,sdk=3.5,api client=4,openapi=2.5,swagger=2.5',
    },
  ],
  strategy: 'generate',
  generates: { kind: 'client', api: true, workflow: false },
  fields: [
    { field: 'name', from: 'new-name', kind: 'component', fallback: 'ApiClient' },
    {
      field: 'fromRoutes',
      from: 'phrase',
      phrases: ['routes', 'route', 'endpoints'],
      value: true,
      // "from our routes" in a project with a routes/ folder: the word also names that place.
      placesToo: true,
    },
  ],
};
