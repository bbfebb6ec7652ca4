/** refactoring.dedupe's planning data: preceded by the duplicates finder (role 'find-duplicates'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'dedupe',
      label: 'remove duplicated code',
      keywords:
        'dedupe=6,deduplicate!=6,dedup=6,remove duplicate=6.5,remove duplication=6.5,merge duplicate=6.5,eliminate duplicate=6.5,eliminate duplication=6.5,consolidate duplicate=6.5,get rid duplicate=6.5,dry up=6',
    },
  ],
  strategy: 'scope',
  scope: false,
  precededBy: 'find-duplicates',
  summary: 'Replace the largest duplicated block with one shared function {name}',
  fields: [
    {
      field: 'name',
      from: 'name',
    },
  ],
};
