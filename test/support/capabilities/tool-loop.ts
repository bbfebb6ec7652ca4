/** Test capability: reads a workspace file in a loop; every read counts against maxToolCalls. */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-tool-loop',
  group: 'analysis',
  title: 'Tool loop',
  description: 'Reads one file again and again (forever unless times is given).',
  version: '1.0.0',
  inputSchema: { type: 'object', required: ['path'], properties: { path: { type: 'string' }, times: { type: 'integer', minimum: 0 } } },
  writes: false,
};

export async function run(input: { path: string; times?: number }, ctx: CapabilityContext): Promise<StepResult> {
  const times = input.times ?? Number.POSITIVE_INFINITY;
  let reads = 0;
  while (reads < times) {
    await ctx.workspace.read(input.path);
    reads++;
  }
  return { summary: `read "${input.path}" ${reads} times`, data: { reads } };
}
