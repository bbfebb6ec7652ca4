/** refactoring.suggest's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'suggest',
      offered: { when: 'vague', order: 2 },
      label: 'suggest refactorings',
      keywords: 'suggest=2,suggestion=2.5,refactor=2,recommend=2,recommendation=2.5,ideas=1.5,opportunity=2,what refactor=3',
    },
  ],
  strategy: 'scope',
  summary: 'Suggest refactorings for {where}, ranked, each with the step that would carry it out',
  fields: [
    {
      field: 'limit',
      from: 'count',
      min: 1,
    },
  ],
};
