/** refactoring.rename's input: a symbol (optionally pinned by file/line/column) or a file. */
import { nameSchema, pathSchema, type JSONSchema } from '../../../core/index.js';

export interface SymbolRenameInput {
  file?: string;
  symbol: string;
  line?: number;
  column?: number;
  newName: string;
}

export interface FileRenameInput {
  file: string;
  newFileName: string;
}

export type RenameInput = SymbolRenameInput | FileRenameInput;

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    file: pathSchema('Workspace-relative file that declares or uses the symbol, or the file to rename.'),
    symbol: nameSchema('The current name.'),
    line: { type: 'integer', minimum: 1, description: '1-based line of a declaration or use of the symbol (with file).' },
    column: { type: 'integer', minimum: 1, description: '1-based column on that line, when the line names several symbols.' },
    newName: nameSchema(),
    newFileName: pathSchema('New file name (same folder) or workspace-relative path.'),
  },
  additionalProperties: false,
  anyOf: [{ required: ['symbol', 'newName'] }, { required: ['file', 'newFileName'] }],
};

export function isFileRename(input: RenameInput): input is FileRenameInput {
  return typeof (input as FileRenameInput).newFileName === 'string';
}
