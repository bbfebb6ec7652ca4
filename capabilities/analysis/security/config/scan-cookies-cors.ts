/** Insecure session cookies and permissive CORS, from the options literals passed to the middleware. */
import { nodesOfType } from '../../../../core/index.js';
import { ancestors, field, FUNCTION_TYPES, unwrap, walk, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { callArguments, calleeMethod, dottedName, lastSegment } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';
import { option, optionText } from './object-options.js';

const SESSION_COOKIE = /sess|sid|token|auth|jwt|remember|login|refresh|connect\.sid/i;
/** Last callee segments of the calls below: `cookie` and the header setters. Session options are option rules of the models (../models/express-session.ts). */
const INTERESTING_METHODS = new Set(['cookie', 'setHeader', 'set', 'header']);

export function scanCookiesCors(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  const credentialCalls: Node[] = [];
  const originHeaders: Node[] = [];
  // corsObject needs `credentials: true` spelt out in the object; the calls below, `.cookie(` or an
  // Access-Control-Allow header in the text (most files have neither, and reading every call costs more).
  const credentials = file.source.includes('credentials');
  const calls =
    file.source.includes('.cookie(') || file.source.includes('ccess-Control-Allow') || file.source.includes('ccess-control-allow');
  if (!credentials && !calls) return out;
  for (const n of nodesOfType(
    file.root,
    credentials && calls ? ['object', 'call_expression'] : credentials ? 'object' : 'call_expression',
  )) {
    if (n.type === 'object') corsObject(file, n, out);
    if (n.type !== 'call_expression') continue;
    // Session factories, `res.cookie()` and header setters: other calls tell nothing.
    const method = calleeMethod(file, field(n, 'function')!);
    if (!INTERESTING_METHODS.has(method)) continue;
    const callee = dottedName(file, field(n, 'function')!);
    const args = callArguments(n);
    if (lastSegment(callee) === 'cookie' && /(^|\.)(res|response|reply)$/.test(callee.slice(0, -7))) resCookie(file, n, args, out);
    else if (['setHeader', 'set', 'header'].includes(lastSegment(callee)) && args.length >= 2) {
      const name = stringValue(file, unwrap(args[0]!))?.toLowerCase();
      if (name === 'access-control-allow-credentials' && /true/.test(textOf(file, args[1]!))) credentialCalls.push(n);
      if (name === 'access-control-allow-origin' && /origin|\*/i.test(textOf(file, args[1]!))) originHeaders.push(n);
    }
  }
  for (const n of originHeaders) {
    if (credentialCalls.some((c) => permissivePair(file, n, c))) {
      out.push({
        ruleId: 'security/permissive-cors',
        range: rangeOf(n),
        message: 'Access-Control-Allow-Origin echoes the request origin (or *) while credentials are allowed.',
      });
    }
  }
  return out;
}

const REQUEST_ORIGIN =
  /\b(req|request|ctx|c)\b[\w.]*\.(headers\s*(\.\s*origin\b|\[\s*['"`]origin['"`]\s*\])|(get|header)\(\s*['"`]origin['"`])/i;

const enclosingFunction = (n: Node): Node | undefined => ancestors(n).find((a) => FUNCTION_TYPES.has(a.type));

/**
 * An origin header and a credentials header make a hole only together, in one handler: `*` set in the
 * same block as the credentials (browsers refuse the pair, so `*` in one branch and a listed origin with
 * credentials in the other is the safe pattern), or the request's own Origin echoed without an
 * allow-list check (read directly, or through a local that no condition of the handler tests).
 */
function permissivePair(file: SourceFile, originCall: Node, credentialCall: Node): boolean {
  const fn = enclosingFunction(originCall);
  if (fn !== enclosingFunction(credentialCall)) return false;
  const value = unwrap(callArguments(originCall)[1]!);
  if (stringValue(file, value) === '*') return originCall.parent?.parent === credentialCall.parent?.parent;
  if (REQUEST_ORIGIN.test(textOf(file, value))) return true;
  return value.type === 'identifier' && fn !== undefined && uncheckedRequestOrigin(file, fn, textOf(file, value));
}

function uncheckedRequestOrigin(file: SourceFile, fn: Node, name: string): boolean {
  let bound = false;
  let checked = false;
  const mentions = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
  walk(fn, (n) => {
    if (
      n.type === 'variable_declarator' &&
      textOf(file, field(n, 'name')!) === name &&
      REQUEST_ORIGIN.test(textOf(file, field(n, 'value') ?? n))
    )
      bound = true;
    const condition = n.type === 'if_statement' || n.type === 'ternary_expression' ? field(n, 'condition') : undefined;
    if (condition && mentions.test(textOf(file, condition))) checked = true;
    return undefined;
  });
  return bound && !checked;
}

/** `{ origin: true | '*' | (o, cb) => cb(null, true), credentials: true }` (cors, @fastify/cors). */
function corsObject(file: SourceFile, object: Node, out: RawFinding[]): void {
  if (optionText(file, object, 'credentials') !== 'true') return;
  const origin = option(file, object, 'origin');
  if (!origin) return;
  const text = textOf(file, origin);
  const callback = FUNCTION_TYPES.has(origin.type) || origin.type === 'method_definition';
  // `(o, cb) => cb(null, true | origin)` (cors) or `(ctx) => ctx.get('Origin')` (@koa/cors), with no check of the origin.
  const reflects =
    text === 'true' ||
    (callback &&
      (/\(\s*null\s*,\s*(true|origin)\s*\)/.test(text) || REQUEST_ORIGIN.test(text)) &&
      !/includes|has\(|indexOf|test\(|===/.test(text));
  const at = origin.type === 'method_definition' ? origin : (origin.parent ?? origin);
  if (reflects)
    out.push({
      ruleId: 'security/permissive-cors',
      range: rangeOf(at),
      message: 'CORS reflects any origin while allowing credentials: every site can read authenticated responses.',
    });
  else if (stringValue(file, origin) === '*')
    out.push({
      ruleId: 'security/permissive-cors',
      range: rangeOf(origin.parent ?? origin),
      severity: 'medium',
      message: "CORS origin '*' together with credentials: true.",
    });
}

function resCookie(file: SourceFile, call: Node, args: Node[], out: RawFinding[]): void {
  const name = args[0] ? stringValue(file, unwrap(args[0])) : null;
  if (!name || !SESSION_COOKIE.test(name)) return;
  const options = args[2] ? unwrap(args[2]) : undefined;
  // An options variable may set everything; only literals (or no options at all) are judged.
  if (options && options.type !== 'object') return;
  const httpOnly = optionText(file, options, 'httpOnly');
  const secure = optionText(file, options, 'secure');
  const missing = [
    httpOnly === null || httpOnly === 'false' ? 'httpOnly' : null,
    secure === null || secure === 'false' ? 'secure' : null,
  ].filter((x): x is string => !!x);
  if (missing.length === 0) return;
  out.push({
    ruleId: 'security/insecure-cookie',
    range: rangeOf(call),
    severity: missing.includes('httpOnly') ? 'medium' : 'low',
    message: `Cookie "${name}" is set without ${missing.join(' and ')}.`,
    data: { cookie: name, missing },
  });
}
