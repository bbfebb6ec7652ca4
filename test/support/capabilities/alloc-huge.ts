/** Test capability: one huge allocation, which on Node 20 aborts the whole process, not only the worker. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-alloc-huge',
  group: 'analysis',
  title: 'Huge allocation',
  description: 'Allocates one array of 1e8 elements.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export async function run(): Promise<StepResult> {
  const huge = new Array<number>(1e8).fill(0);
  return { summary: `allocated ${huge.length}` };
}
