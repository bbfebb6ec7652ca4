/** The refusal a generator's run ended with, as code and message; fails the test when it did not refuse. */
import { isAgentdError } from '../../../core/index.js';

export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAgentdError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
