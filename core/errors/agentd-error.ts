import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.js';

export interface ErrorDetail {
  /** JSON path of the offending value, e.g. "/steps/0/input/threshold" */
  path: string;
  message: string;
}

/** The one error type of agentd: a stable code, a one-sentence message, optional details and the original cause. */
export class AgentdError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentdError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    if (options.details) this.details = options.details;
  }

  toJSON(): { code: ErrorCode; message: string; details?: ErrorDetail[] } {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

export function isAgentdError(value: unknown): value is AgentdError {
  return value instanceof AgentdError;
}
