/** analysis.complexity's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'complexity',
      label: 'measure complexity',
      keywords: 'complexity,complex=2.5,cyclomatic,cognitive,maintainability index,complicated=2.5,convoluted=2.5',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Complexity',
  fields: [
    {
      field: 'thresholds.cyclomatic',
      from: 'threshold',
      min: 1,
    },
  ],
};
