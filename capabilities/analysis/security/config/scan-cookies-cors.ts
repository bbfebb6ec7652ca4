/** Insecure session cookies and permissive CORS, from the options literals passed to the middleware. */
import { field, FUNCTION_TYPES, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { callArguments, dottedName, lastSegment } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';
import { option, optionText } from './object-options.js';
import { forEachOfType } from '../../../../core/index.js';

const SESSION_COOKIE = /sess|sid|token|auth|jwt|remember|login|refresh|connect\.sid/i;
const SESSION_FACTORIES = /^(session|expressSession|cookieSession|fastifySession|secureSession)$/;

export function scanCookiesCors(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  let credentialsHeader = false;
  const originHeaders: Node[] = [];
  forEachOfType(file.root, ['object', 'call_expression'], (n) => {
    if (n.type === 'object') corsObject(file, n, out);
    if (n.type !== 'call_expression') return;
    const callee = dottedName(file, field(n, 'function')!);
    const args = callArguments(n);
    if (SESSION_FACTORIES.test(callee)) sessionOptions(file, n, args[0], out);
    else if (lastSegment(callee) === 'cookie' && /(^|\.)(res|response|reply)$/.test(callee.slice(0, -7))) resCookie(file, n, args, out);
    else if (['setHeader', 'set', 'header'].includes(lastSegment(callee)) && args.length >= 2) {
      const name = stringValue(file, unwrap(args[0]!))?.toLowerCase();
      if (name === 'access-control-allow-credentials' && /true/.test(textOf(file, args[1]!))) credentialsHeader = true;
      if (name === 'access-control-allow-origin' && /origin|\*/i.test(textOf(file, args[1]!))) originHeaders.push(n);
    }
  });
  if (credentialsHeader) {
    for (const n of originHeaders) out.push({ ruleId: 'security/permissive-cors', range: rangeOf(n), message: 'Access-Control-Allow-Origin echoes the request origin (or *) while credentials are allowed.' });
  }
  return out;
}

/** `{ origin: true | '*' | (o, cb) => cb(null, true), credentials: true }` (cors, @fastify/cors). */
function corsObject(file: SourceFile, object: Node, out: RawFinding[]): void {
  if (optionText(file, object, 'credentials') !== 'true') return;
  const origin = option(file, object, 'origin');
  if (!origin) return;
  const text = textOf(file, origin);
  const reflects = text === 'true' || (FUNCTION_TYPES.has(origin.type) && /\(\s*null\s*,\s*(true|origin)\s*\)/.test(text) && !/includes|has\(|indexOf|test\(|===/.test(text));
  if (reflects) out.push({ ruleId: 'security/permissive-cors', range: rangeOf(origin.parent ?? origin), message: 'CORS reflects any origin while allowing credentials: every site can read authenticated responses.' });
  else if (stringValue(file, origin) === '*') out.push({ ruleId: 'security/permissive-cors', range: rangeOf(origin.parent ?? origin), severity: 'medium', message: "CORS origin '*' together with credentials: true." });
}

function sessionOptions(file: SourceFile, call: Node, options: Node | undefined, out: RawFinding[]): void {
  const cookie = option(file, options, 'cookie') ?? options;
  for (const key of ['httpOnly', 'secure'] as const) {
    const value = option(file, cookie, key) ?? (cookie !== options ? undefined : option(file, options, key));
    if (value && textOf(file, value) === 'false') {
      out.push({ ruleId: 'security/insecure-cookie', range: rangeOf(value.parent ?? call), message: `Session cookie configured with ${key}: false.`, data: { attribute: key } });
    }
  }
}

function resCookie(file: SourceFile, call: Node, args: Node[], out: RawFinding[]): void {
  const name = args[0] ? stringValue(file, unwrap(args[0])) : null;
  if (!name || !SESSION_COOKIE.test(name)) return;
  const options = args[2] ? unwrap(args[2]) : undefined;
  // An options variable may set everything; only literals (or no options at all) are judged.
  if (options && options.type !== 'object') return;
  const httpOnly = optionText(file, options, 'httpOnly');
  const secure = optionText(file, options, 'secure');
  const missing = [httpOnly === null || httpOnly === 'false' ? 'httpOnly' : null, secure === null || secure === 'false' ? 'secure' : null].filter((x): x is string => !!x);
  if (missing.length === 0) return;
  out.push({
    ruleId: 'security/insecure-cookie', range: rangeOf(call), severity: missing.includes('httpOnly') ? 'medium' : 'low',
    message: `Cookie "${name}" is set without ${missing.join(' and ')}.`, data: { cookie: name, missing },
  });
}
