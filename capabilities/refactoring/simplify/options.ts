/** refactoring.simplify input: which rules run on which files. */
import { globsSchema, type JSONSchema } from '../../../core/index.js';

export const SIMPLIFY_RULES = [
  'unused-imports',
  'unused-variables',
  'unreachable-code',
  'boolean-simplification',
  'guard-clauses',
] as const;
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
    include: globsSchema('change'),
    exclude: globsSchema('leave alone'),
  },
  additionalProperties: false,
};
