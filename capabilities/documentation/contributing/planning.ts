/** documentation.contributing's planning data (writes Markdown only: no verify step after it). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'doc-contributing',
      label: 'write contributing guidelines',
      keywords: 'contributing=5,contribution guide=5,contributor=3.5,contribution=3',
    },
  ],
  strategy: 'scope',
  scope: false,
  summary: "Write CONTRIBUTING.md from the repository's scripts, tooling and history",
  behaviourNeutral: true,
};
