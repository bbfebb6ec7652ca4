/** documentation.readme's planning data (writes Markdown only: no verify step after it). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'doc-readme',
      offered: { when: 'build', order: 2 },
      label: 'write a README',
      keywords: 'readme=5',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  behaviourNeutral: true,
};
