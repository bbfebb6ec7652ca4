/** Test capability: throws, to prove errors are wrapped with the capability id and step, never replaced. */
import type { CapabilityMeta, StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-throws',
  group: 'analysis',
  title: 'Throws',
  description: 'Throws an Error with the given message.',
  version: '1.0.0',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
  writes: false,
};

export async function run(input: { message?: string }): Promise<StepResult> {
  throw new Error(input.message ?? 'the test capability failed on purpose');
}
