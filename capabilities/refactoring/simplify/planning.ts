/** refactoring.simplify's planning data: the simplifications named in prose. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'simplify',
      offered: { when: 'vague', order: 3 },
      label: 'simplify the code',
      keywords:
        'simplify=4,simpler=3,clean up=3,cleanup=3,tidy=3,unused import=3.5,unused variable=3.5,remove dead=3.5,unreachable=3,guard clause,nested conditional,nested if=3,boolean logic,boolean expression',
    },
  ],
  strategy: 'scope',
  summary: 'Simplify {where}: {values}',
  valuesFallback: 'unused imports and variables, unreachable code, boolean logic, nested conditionals',
  fields: [
    {
      field: 'rules',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'unused-imports',
          phrases: ['unused import'],
        },
        {
          value: 'unused-variables',
          phrases: ['unused variable', 'unused local'],
        },
        {
          value: 'unreachable-code',
          phrases: ['unreachable', 'dead code', 'dead'],
        },
        {
          value: 'boolean-simplification',
          phrases: ['boolean'],
        },
        {
          value: 'guard-clauses',
          phrases: ['guard clause', 'nested if', 'nested conditional', 'early return', 'nesting'],
        },
      ],
    },
  ],
};
