/** refactoring.extract-function's input: a range of whole statements and the new function's name. */
import { nameSchema, pathSchema, type JSONSchema } from '../../../core/index.js';

export interface ExtractInput {
  file: string;
  startLine: number;
  endLine: number;
  /** 1-based column where the range starts (default: the line's first non-blank character). */
  startColumn?: number;
  /** 1-based column of the range's last character (default: the end of the line). */
  endColumn?: number;
  name: string;
}

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    file: pathSchema(),
    startLine: { type: 'integer', minimum: 1 },
    endLine: { type: 'integer', minimum: 1 },
    startColumn: { type: 'integer', minimum: 1 },
    endColumn: { type: 'integer', minimum: 1 },
    name: nameSchema('Name of the new function (or method).'),
  },
  required: ['file', 'startLine', 'endLine', 'name'],
  additionalProperties: false,
};
