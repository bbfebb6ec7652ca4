/**
 * debugging.diagnose: from an error message, a stack trace (Node/V8, Chrome, Firefox, Safari), test
 * failure output or tsc output: the failing location mapped through source maps to the original
 * source, a code frame, the cause category and catalogue explanation (debugging.explain's), and the
 * code involved — the failing expression, where its value comes from, the callers on the path, the
 * project's declarations of a name that does not resolve. Runs nothing of the project.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { ERROR_INPUT_PROPERTIES } from './explain/error-input.js';
import { PLANNING } from './diagnose/planning.js';

export const meta: CapabilityMeta = {
  id: 'debugging.diagnose',
  group: 'debugging',
  title: 'Diagnose an error',
  description:
    'Locates an error (message, stack trace, test failure or tsc output) in the original source through source maps, with a code frame, the cause category, the explanation and the code involved (failing expression, value origin, callers).',
  version: '1.0.0',
  inputSchema: { type: 'object', properties: { ...ERROR_INPUT_PROPERTIES }, additionalProperties: false },
  writes: false,
  planning: PLANNING,
};

/** The TypeScript parser and source-map are loaded on first use, so discovering capabilities (which imports every module for its meta) stays cheap. */
export async function run(
  input: Parameters<typeof import('./diagnose/run-diagnose.js').runDiagnose>[0],
  ctx: CapabilityContext,
): Promise<StepResult> {
  return (await import('./diagnose/run-diagnose.js')).runDiagnose(input, ctx);
}
