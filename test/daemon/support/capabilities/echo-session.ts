/**
 * Daemon test capability: reports what the job's session handed it (how many earlier results it sees
 * in ctx.previous and their summaries), so follow-up tests can prove a re-run receives them.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-echo-session',
  group: 'analysis',
  title: 'Echo session',
  description: 'Returns the number and summaries of the earlier results it receives.',
  version: '1.0.0',
  inputSchema: { type: 'object', additionalProperties: false, properties: { label: { type: 'string' } } },
  writes: false,
};

export async function run(input: { label?: string }, ctx: CapabilityContext): Promise<StepResult> {
  const summaries = ctx.previous.map((result) => result.summary);
  return { summary: `${input.label ?? 'run'} saw ${summaries.length} earlier result(s)`, data: { previous: summaries } };
}
