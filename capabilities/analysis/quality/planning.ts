/** analysis.quality's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'assess-quality',
      offered: { when: 'vague', order: 1 },
      label: 'assess code quality',
      keywords:
        'quality,review=2.5,grade,score=2.5,health=2,technical debt,debt=2.5,maintainability=2,maintainable=2.5,assess=1.5,evaluate=1.5,rate=1.5,report card',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Quality report',
  fields: [
    {
      field: 'top',
      from: 'count',
    },
  ],
};
