/** refactoring.simplify input: which rules run on which files. */
import type { JSONSchema } from '../../../core/index.js';

export const SIMPLIFY_RULES = ['unused-imports', 'unused-variables', 'unreachable-code', 'boolean-simplification', 'guard-clauses'] as const;
export type SimplifyRule = (typeof SIMPLIFY_RULES)[number];

export interface SimplifyInput {
  rules?: SimplifyRule[];
  include?: string[];
  exclude?: string[];
}

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    rules: { type: 'array', items: { enum: [...SIMPLIFY_RULES] }, uniqueItems: true, minItems: 1 },
    include: { type: 'array', items: { type: 'string', minLength: 1 } },
    exclude: { type: 'array', items: { type: 'string', minLength: 1 } },
  },
  additionalProperties: false,
};
