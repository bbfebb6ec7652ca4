/** refactoring.move's input: a top-level declaration and the module it goes to. */
import { nameSchema, pathSchema, type JSONSchema } from '../../../core/index.js';

export interface MoveInput {
  file: string;
  symbol: string;
  to: string;
}

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    file: pathSchema('Workspace-relative module that declares the symbol at top level.'),
    symbol: nameSchema('Name of the top-level declaration to move.'),
    to: pathSchema('Workspace-relative target module; created when absent.'),
  },
  required: ['file', 'symbol', 'to'],
  additionalProperties: false,
};
