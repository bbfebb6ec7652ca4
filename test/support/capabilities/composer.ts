/** Test capability: runs the capability it is told to through ctx.invoke (itself included, to prove cycles are refused). */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-composer',
  group: 'analysis',
  title: 'Composer',
  description: 'Invokes another capability with the given input and returns its result.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    required: ['invoke'],
    properties: { invoke: { type: 'string' }, input: { type: 'object' }, then: { type: 'object' }, dryRun: { type: 'boolean' } },
  },
  writes: false,
  execution: {
    composes: [
      'analysis.test-reader',
      'analysis.test-tool-loop',
      'analysis.test-slow',
      'analysis.test-composer',
      'refactoring.test-writer',
    ],
  },
};

export async function run(
  input: { invoke: string; input?: Record<string, unknown>; dryRun?: boolean },
  ctx: CapabilityContext,
): Promise<StepResult> {
  const result = await ctx.invoke(input.invoke, input.input, input.dryRun ? { dryRun: true } : undefined);
  return {
    summary: `invoked ${input.invoke}: ${result.summary}`,
    data: {
      invoked: result.data ?? null,
      changes: (result.changes ?? []).map((c) => ({ path: c.path, action: c.action, after: c.after })),
    },
  };
}
