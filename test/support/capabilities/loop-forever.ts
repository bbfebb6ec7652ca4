/** Test capability: a synchronous loop that never yields, so only terminating the thread stops it. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-loop-forever',
  group: 'analysis',
  title: 'Loop forever',
  description: 'Spins without ever yielding.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export async function run(): Promise<StepResult> {
  let spins = 0;
  for (;;) spins = (spins + 1) % 1_000_000;
}
