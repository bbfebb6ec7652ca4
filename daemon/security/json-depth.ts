/**
 * Refuses JSON nested deeper than a bound before it is parsed. JSON.parse copes with deep input, but
 * everything after it — schema validation, structuredClone, JSON.stringify of the job record, the
 * logger — recurses, and 100,000 levels of `[` overflow the stack in some of them (a 500 at best).
 * One linear pass over the raw bytes, skipping strings with native searches, as body-parser's `verify` hook.
 */
import type { IncomingMessage } from 'node:http';
import { AgentdError } from '../../core/index.js';

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_SQUARE = 0x5b;
const OPEN_CURLY = 0x7b;
const CLOSE_SQUARE = 0x5d;
const CLOSE_CURLY = 0x7d;

/**
 * Where the string starting after `from` ends (the index of its closing quote), or -1. A string without
 * escapes is skipped with native searches: a 900,000-character name cost milliseconds byte by byte.
 */
function stringEnd(bytes: Uint8Array, from: number): number {
  let i = from;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, i);
    if (quote < 0) return -1;
    const backslash = bytes.subarray(i, quote).indexOf(BACKSLASH);
    if (backslash < 0) return quote;
    i += backslash + 2; // the escaped character, whatever it is, cannot end the string
  }
}

export function jsonDepth(bytes: Uint8Array, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      const end = stringEnd(bytes, i + 1);
      if (end < 0) return deepest; // unterminated: the parser refuses it
      i = end;
    } else if (byte === OPEN_SQUARE || byte === OPEN_CURLY) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (byte === CLOSE_SQUARE || byte === CLOSE_CURLY) {
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
