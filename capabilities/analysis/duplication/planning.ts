/** analysis.duplication's planning data: it finds duplicates for refactoring.dedupe (role 'find-duplicates'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'duplication',
      label: 'find duplicated code',
      keywords: 'duplication,duplicate=2.5,duplicated,clone,clones,copy paste,copied=2.5,repeated=2,repetition=2.5,jscpd',
      yieldsTo: [
        {
          intent: 'dedupe',
        },
      ],
    },
  ],
  strategy: 'scope',
  stepTitle: 'Duplicated code',
  roles: ['find-duplicates'],
};
