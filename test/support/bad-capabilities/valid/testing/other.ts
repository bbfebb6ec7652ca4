/** A second valid capability in another group. */
import type { CapabilityMeta, StepResult } from '../../../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'testing.other',
  group: 'testing',
  title: 'Other',
  description: 'Another valid test capability.',
  version: '0.1.0',
  writes: true,
  inputSchema: { type: 'object' },
};

export async function run(): Promise<StepResult> {
  return { summary: 'other' };
}
