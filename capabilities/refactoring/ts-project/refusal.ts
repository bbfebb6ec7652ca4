/** The one way a refactoring says no: `refactoring_refused` with a sentence that names why and what would work. */
import { AgentdError } from '../../../core/index.js';

export function refuse(message: string): AgentdError {
  return new AgentdError('refactoring_refused', message);
}
