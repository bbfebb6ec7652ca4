/**
 * An error a capability ends a step with under a code it declares itself (`meta.errors`), so a new
 * capability, first-party or plugin, adds its refusals in its own folder. The step keeps the code when
 * the capability declared it (core/executor/failure-mapping.ts); any other code becomes
 * `capability_error`. Core's own codes stay AgentdError's (catalogue.ts).
 */
import type { ErrorDetail } from './agentd-error.js';

export class CapabilityError extends Error {
  readonly code: string;
  /** A declared code is a refusal of the request's content: 422, like the catalogue's `*_refused`. */
  readonly status = 422;
  readonly details?: ErrorDetail[];

  constructor(code: string, message: string, options: { details?: ErrorDetail[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CapabilityError';
    this.code = code;
    if (options.details) this.details = options.details;
  }

  toJSON(): { code: string; message: string; details?: ErrorDetail[] } {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}
