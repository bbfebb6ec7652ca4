/**
 * Refuses JSON nested deeper than a bound before it is parsed. JSON.parse copes with deep input, but
 * everything after it — schema validation, structuredClone, JSON.stringify of the job record, the
 * logger — recurses, and 100,000 levels of `[` overflow the stack in some of them (a 500 at best).
 * One linear pass over the raw bytes, skipping strings, as body-parser's `verify` hook.
 */
import type { IncomingMessage } from 'node:http';
import { AgentdError } from '../../core/index.js';

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

export function jsonDepth(bytes: Uint8Array, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (CLOSERS.has(byte)) {
      depth -= 1;
    }
  }
  return deepest;
}

/** body-parser `verify` hook: throws validation_failed for bodies nested deeper than `max`. */
export function rejectDeepJson(max: number = MAX_JSON_DEPTH): (req: IncomingMessage, res: unknown, body: Buffer) => void {
  return (_req, _res, body) => {
    if (jsonDepth(body, max) > max) {
      throw new AgentdError('validation_failed', `The request body nests objects or arrays more than ${max} levels deep; flatten it.`);
    }
  };
}
