/** refactoring.verify input: which checks to run and how long each may take. */
import type { JSONSchema } from '../../../core/index.js';

export const CHECKS = ['typecheck', 'tests'] as const;
export type CheckName = (typeof CHECKS)[number];

export interface VerifyInput {
  checks?: CheckName[];
  /** Per command run (each check runs twice: before and after). */
  timeoutMs?: number;
  /** "affected" (default): only the test files that import a staged module, where the runner allows; "all": the whole suite. */
  tests?: 'affected' | 'all';
}

export const DEFAULT_TIMEOUT_MS = 300_000;

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    checks: { type: 'array', items: { enum: [...CHECKS] }, uniqueItems: true, minItems: 1 },
    timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    tests: { enum: ['affected', 'all'] },
  },
  additionalProperties: false,
};
