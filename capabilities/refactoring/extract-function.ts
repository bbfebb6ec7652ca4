/**
 * refactoring.extract-function: extract a range of whole statements into a new function placed after
 * the enclosing top-level declaration (or into a method of the class when the statements use
 * `this`). Free variables become typed parameters, variables assigned inside and used after become
 * return values, `await` makes it async. Partial statements, `return` that does not end the range,
 * `break`/`continue` leaving the range, `yield`, and `this` outside a class method are refused.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { INPUT_SCHEMA, type ExtractInput } from './extract-function/input.js';
import { extractFunction } from './extract-function/extract.js';
import { PLANNING } from './extract-function/planning.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.extract-function',
  group: 'refactoring',
  title: 'Extract function',
  description: 'Extract a range of statements into a new function with inferred, typed parameters and return values.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: true,
  planning: PLANNING,
  execution: { parses: 'ts-program' },
};

export async function run(input: ExtractInput, ctx: CapabilityContext): Promise<StepResult> {
  return extractFunction(ctx, input);
}
