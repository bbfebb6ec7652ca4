/**
 * debugging.trace: who calls a function, through TypeScript's call hierarchy (the language service's
 * "incoming calls"), followed back caller by caller and shown as paths with a code frame per call site.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { PLANNING } from './trace/planning.js';

export const meta: CapabilityMeta = {
  id: 'debugging.trace',
  group: 'debugging',
  title: 'Trace calls',
  description:
    "Who calls a function or method, transitively: TypeScript's call hierarchy followed back to the entry points, as call paths with code frames.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    required: ['symbol'],
    properties: {
      symbol: { type: 'string', minLength: 1, maxLength: 200 },
      file: { type: 'string', minLength: 1, description: 'The file that declares the symbol, when several do.' },
      depth: { type: 'integer', minimum: 1, maximum: 10, description: 'How many callers back (default 5).' },
      description: { type: 'string', maxLength: 20000 },
      include: { type: 'array', items: { type: 'string' } },
      exclude: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  writes: false,
  planning: PLANNING,
};

/** The TypeScript language service is loaded on first use, so discovering capabilities stays cheap. */
export async function run(
  input: Parameters<typeof import('./trace/run-trace.js').runTrace>[0],
  ctx: CapabilityContext,
): Promise<StepResult> {
  return (await import('./trace/run-trace.js')).runTrace(input, ctx);
}
