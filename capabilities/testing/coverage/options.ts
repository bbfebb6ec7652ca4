/** testing.coverage input: testing.run's filters, and whether files no test loads count (c8 --all). */
import type { JSONSchema } from '../../../core/index.js';
import { INPUT_SCHEMA as RUN_SCHEMA, type RunInput } from '../run/options.js';

export interface CoverageInput extends RunInput {
  /** Count source files no test loads, at 0 % (c8 --all); default true. */
  all?: boolean;
}

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: { ...(RUN_SCHEMA.properties as Record<string, JSONSchema>), all: { type: 'boolean' } },
  additionalProperties: false,
};
