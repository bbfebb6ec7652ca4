/**
 * Where untrusted input enters, from the library models' sources (../models/): members of request
 * objects (Express, Koa, hapi, Fastify, Next, Node's IncomingMessage), exported handlers (Lambda,
 * server actions), callbacks of message events, and, in browser code, the URL, referrer and cookies.
 */
import { SOURCES } from '../models/index.js';
import type { SinkKind } from './value.js';

export { SOURCES };

/** Kinds whose values are strings (never objects): they cannot carry NoSQL operators or whole objects. */
export function stringKinds(kind: string): SinkKind[] {
  const strings: SinkKind[] = ['nosql', 'mass', 'proto'];
  if (kind === 'dom') return [...strings, 'ssrf'];
  if (kind === 'argv') return ['nosql', 'mass', 'proto', 'path', 'redirect', 'html', 'ssrf', 'regex'];
  return kind === 'params' || kind === 'headers' || kind === 'url' ? strings : [];
}
