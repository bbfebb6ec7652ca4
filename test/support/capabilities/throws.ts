/** Test capability: throws, to prove errors are wrapped with the capability id and step, never replaced. */
import { AgentdError, type CapabilityMeta, type StepResult } from '../../../core/index.js';

export const meta: CapabilityMeta = {
  id: 'analysis.test-throws',
  group: 'analysis',
  title: 'Throws',
  description: 'Throws an Error with the given message.',
  version: '1.0.0',
  inputSchema: { type: 'object', properties: { message: { type: 'string' }, code: { enum: ['refactoring_refused', 'internal_error'] } } },
  writes: false,
};

export async function run(input: { message?: string; code?: 'refactoring_refused' | 'internal_error' }): Promise<StepResult> {
  const message = input.message ?? 'the test capability failed on purpose';
  if (input.code) throw new AgentdError(input.code, message);
  throw new Error(message);
}
