/** Test capability: allocates many small objects forever, to hit the worker's resourceLimits. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-alloc-flood',
  group: 'analysis',
  title: 'Allocation flood',
  description: 'Allocates small objects until the heap limit stops it.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export async function run(): Promise<StepResult> {
  const hoard: Array<{ index: number; label: string }> = [];
  for (;;) hoard.push({ index: hoard.length, label: `item-${hoard.length}` });
}
