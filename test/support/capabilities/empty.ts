/** Test capability: returns at once; measures the engine's own per-step cost. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-empty',
  group: 'analysis',
  title: 'Empty',
  description: 'Returns immediately.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export async function run(): Promise<StepResult> {
  return { summary: 'nothing to do' };
}
