/** documentation.architecture's planning data (writes Markdown only: no verify step after it). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'doc-architecture',
      label: 'draw an architecture diagram',
      keywords:
        'architecture diagram=5,architecture overview=5,diagram=3.5,mermaid=4.5,architecture=3,module graph=4,dependency diagram=5,layers diagram=4',
    },
  ],
  strategy: 'scope',
  summary: '{Label} for {about}',
  behaviourNeutral: true,
};
