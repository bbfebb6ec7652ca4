/**
 * The input the debugging capabilities share — what the planner sends for a pasted error
 * (`error`, `file`, `line`) or a described problem (`description`, `include`/`exclude`, `symbol`) —
 * and where the error text comes from: the input, else an earlier step's (debugging.diagnose's `data.error`).
 */
import { dataOf, type CapabilityContext } from '../../../core/index.js';

export interface ErrorInput {
  error?: string;
  description?: string;
  file?: string;
  line?: number;
  column?: number;
  symbol?: string;
  include?: string[];
  exclude?: string[];
}

export const ERROR_INPUT_PROPERTIES = {
  error: {
    type: 'string',
    minLength: 1,
    maxLength: 200000,
    description: 'The error: a message, a stack trace, test-failure output or tsc output.',
  },
  description: {
    type: 'string',
    maxLength: 20000,
    description: 'The task as the user wrote it; searched for an error when `error` is not given.',
  },
  file: { type: 'string', minLength: 1, description: 'The project file the error is about (workspace-relative).' },
  line: { type: 'integer', minimum: 1 },
  column: { type: 'integer', minimum: 1 },
  symbol: { type: 'string', minLength: 1 },
  include: { type: 'array', items: { type: 'string' } },
  exclude: { type: 'array', items: { type: 'string' } },
} as const;

export function errorTextOf(input: ErrorInput, ctx: CapabilityContext): string | null {
  if (input.error?.trim()) return input.error;
  for (const step of [...ctx.previous].reverse()) {
    const data = dataOf(step.data) as { error?: unknown } | undefined;
    if (data && typeof data.error === 'string' && data.error.trim()) return data.error;
  }
  return input.description?.trim() ? input.description : null;
}
