/** documentation.examples' planning data (Markdown or doc comments only: no verify step after it); gives usage examples of generated parts in the build workflow (role 'document-examples'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'doc-examples',
      label: 'write usage examples',
      keywords: 'example=3,examples=3,usage example=4.5,usage examples=4.5,@example=4.5,example blocks=4.5',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  roles: ['document-examples'],
  behaviourNeutral: true,
  fields: [
    {
      field: 'symbol',
      from: 'symbol',
    },
    // The build workflow's part (todo): its symbols and files contain the name (TodoService, src/routes/todos.ts).
    { field: 'subjects', from: 'part' },
    // "@example blocks", "in the TSDoc": into the doc comments instead of docs/examples.md.
    {
      field: 'target',
      from: 'phrase',
      phrases: ['example blocks', 'example block', 'tsdoc', 'jsdoc', 'doc comments', 'doc comment'],
      value: 'tsdoc',
    },
  ],
};
