/**
 * refactoring.move: move a top-level declaration to another module (created when absent), carrying
 * the imports it needs, exporting it from the target and rewriting every import and re-export in the
 * project (namespace uses too), with `type` on type-only imports when the project writes them so. A
 * target that imports the name from the source drops that import. A move that introduces an import
 * cycle is done with a warning; a nested declaration, a default export, or a name the target already
 * declares or imports from elsewhere is refused.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { INPUT_SCHEMA, type MoveInput } from './move/input.js';
import { moveDeclaration } from './move/move-declaration.js';
import { PLANNING } from './move/planning.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.move',
  group: 'refactoring',
  title: 'Move declaration',
  description:
    'Move a top-level declaration to another module, carrying its imports and updating every import and re-export in the project.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: true,
  planning: PLANNING,
  execution: { parses: 'ts-program' },
};

export async function run(input: MoveInput, ctx: CapabilityContext): Promise<StepResult> {
  return moveDeclaration(ctx, input);
}
