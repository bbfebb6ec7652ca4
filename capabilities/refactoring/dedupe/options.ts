/** refactoring.dedupe input: the clone pair (as analysis.duplication reports it) and the shared function's name. */
import { pathSchema, type JSONSchema } from '../../../core/index.js';

export interface CloneSide {
  file: string;
  startLine: number;
  endLine: number;
  /** Accepted as analysis.duplication reports them; the copies are taken as whole statements on those lines. */
  startColumn?: number;
  endColumn?: number;
}

export interface DedupeInput {
  /** The pair to merge; default: the largest `duplication/clone` finding of an earlier step. */
  clone?: { a: CloneSide; b: CloneSide };
  /** Name of the shared function (default "sharedBlock"). */
  name?: string;
  /** Where the shared function goes when the clones are in different files (default: next to the first, named after the function). */
  modulePath?: string;
}

const side: JSONSchema = {
  type: 'object',
  properties: {
    file: pathSchema(),
    startLine: { type: 'integer', minimum: 1 },
    endLine: { type: 'integer', minimum: 1 },
    startColumn: { type: 'integer', minimum: 1 },
    endColumn: { type: 'integer', minimum: 1 },
  },
  required: ['file', 'startLine', 'endLine'],
  additionalProperties: false,
};

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    clone: { type: 'object', properties: { a: side, b: side }, required: ['a', 'b'], additionalProperties: false },
    name: { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' },
    modulePath: pathSchema(),
  },
  additionalProperties: false,
};
