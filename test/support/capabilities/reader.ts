/** Test capability: reads a path, seeing what earlier steps staged, and what the previous steps said. */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-reader',
  group: 'analysis',
  title: 'Reader',
  description: 'Reads a path through the overlay.',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['path'], properties: { path: { type: 'string' } } },
  writes: false,
};

export async function run(input: { path: string }, ctx: CapabilityContext): Promise<StepResult> {
  const content = await ctx.workspace.read(input.path);
  return {
    summary: `read "${input.path}"`,
    data: { content, previousSummaries: ctx.previous.map((result) => result.summary) },
  };
}
