/** testing.run input: which tests (files, a title) and how long the run may take. */
import type { JSONSchema } from '../../../core/index.js';

export interface RunInput {
  /** Test files (workspace-relative) to run instead of the project's own selection. */
  files?: string[];
  /** Only tests whose title path contains this text (passed to the runner's title filter). */
  title?: string;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 300_000;

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    files: { type: 'array', items: { type: 'string', minLength: 1, pattern: '^[^-]' }, maxItems: 200 },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
  },
  additionalProperties: false,
};
