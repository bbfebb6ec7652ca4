/** refactoring.suggest input: where to look and how many suggestions to return. */
import { globsSchema, type JSONSchema } from '../../../core/index.js';

export interface SuggestInput {
  include?: string[];
  exclude?: string[];
  /** At most this many suggestions, best first (default 20). */
  limit?: number;
  /** Run complexity/smells/duplication when earlier steps did not (default true). */
  analyze?: boolean;
  /** Try each suggestion's step without staging and drop the refused ones (default true). */
  dryRun?: boolean;
}

export const DEFAULT_LIMIT = 20;

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    include: globsSchema('change'),
    exclude: globsSchema('leave alone'),
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    analyze: { type: 'boolean' },
    dryRun: { type: 'boolean' },
  },
  additionalProperties: false,
};
