/** Test capability: reports the V8 heap limit its worker really got, to prove resourceLimits hold. */
import { getHeapStatistics } from 'node:v8';
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-heap-limit',
  group: 'analysis',
  title: 'Heap limit',
  description: 'Reports the heap size limit of the thread it runs in.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export async function run(): Promise<StepResult> {
  const heapLimitMB = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  return { summary: `heap limit ${heapLimitMB} MB`, data: { heapLimitMB } };
}
