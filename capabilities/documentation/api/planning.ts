/** documentation.api's planning data; documents generated API code in the build workflow (role 'document-api'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'doc-api',
      label: 'write API docs',
      keywords:
        'document the api=5,document api=5,api doc=4.5,api reference=4.5,api documentation=4.5,typedoc=4.5,openapi=4,swagger=4,docs=2.5,documentation=2.5,reference=2',
      // "add usage examples to the docs" asks for documentation.examples, not a reference.
      yieldsTo: [{ intent: 'doc-examples', pattern: '\\b(add|write|generate|give|create)\\s+(\\w+\\s+)?examples?\\b' }],
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  behaviourNeutral: true,
  roles: ['document-api'],
  fields: [
    {
      field: 'symbol',
      from: 'symbol',
    },
    // The build workflow's part (todo): its symbols and files contain the name (TodoService, src/routes/todos.ts).
    { field: 'subjects', from: 'part' },
    {
      field: 'format',
      from: 'phrase',
      phrases: ['openapi', 'swagger', 'open api'],
      value: 'openapi',
    },
  ],
};
