/** documentation.inline's planning data (doc comments only: no verify step after it); documents generated UI code in the build workflow (role 'document-ui'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'doc-inline',
      label: 'add doc comments',
      keywords: 'jsdoc=4.5,tsdoc=4.5,doc comment=4.5,comments=2.5,docstring=4,document=3,annotate=2',
      // "document the architecture" asks for documentation.architecture's diagram, not doc comments.
      yieldsTo: [
        { intent: 'doc-architecture', pattern: '\\bdocument\\w*\\s+(the\\s+|our\\s+|its\\s+)?(architecture|module graph|layers)' },
      ],
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  behaviourNeutral: true,
  roles: ['document-ui'],
  fields: [
    {
      field: 'symbol',
      from: 'symbol',
    },
  ],
};
