/** Test capability: calls process.exit, which in a worker thread ends the thread. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-exits',
  group: 'analysis',
  title: 'Exits',
  description: 'Calls process.exit(1).',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export async function run(): Promise<StepResult> {
  process.exit(1);
}
