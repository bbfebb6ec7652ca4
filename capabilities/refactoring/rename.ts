/**
 * refactoring.rename: rename a symbol (variable, function, class, interface, type, enum, member) or a
 * file across the project with every reference, through the TypeScript language service on an
 * in-memory ts-morph project. Edits are staged only after they type-check; collisions, ambiguous
 * targets, invalid names and symbols from dependencies are refused with the reason.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { INPUT_SCHEMA, isFileRename, type RenameInput } from './rename/input.js';
import { renameSymbol } from './rename/symbol-rename.js';
import { renameFile } from './rename/file-rename.js';
import { PLANNING } from './rename/planning.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.rename',
  group: 'refactoring',
  title: 'Rename',
  description:
    'Rename a symbol (variable, function, class, type, member) or a file across the project, updating every reference, import and re-export.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: true,
  planning: PLANNING,
  execution: { parses: 'ts-program' },
};

export async function run(input: RenameInput, ctx: CapabilityContext): Promise<StepResult> {
  return isFileRename(input) ? renameFile(ctx, input) : renameSymbol(ctx, input);
}
