/**
 * Which parameters of a function are input, from the source models (../models/): request objects (by
 * name, by type, the first parameter of a route callback, Koa's `ctx` where Koa is imported), Next
 * route handlers and page props, exported handlers (Lambda's `event`, server actions) and callbacks
 * of message events (`ws.on('message', (data) => ...)`).
 */
import { field, namedChildren, type Node } from '../syntax/tree.js';
import { stringValue, textOf } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { importsMatching, regex } from '../models/match-callee.js';
import type { CallbackSource, HandlerSource } from '../models/types.js';
import { SOURCES, stringKinds } from './sources.js';
import type { Evaluator } from './types.js';
import { clean, sourceValue, UNKNOWN, type Value } from './value.js';

export const REQUEST_OBJECT: Value = { ...UNKNOWN, shape: 'object', request: true };
const TRUSTED = 'trusted-origin';

export function parameterNodes(fn: Node): Node[] {
  const params = field(fn, 'parameters');
  if (params) return namedChildren(params);
  const single = field(fn, 'parameter');
  return single ? [single] : [];
}

/** The value a parameter starts with when it is input, else null. */
export function sourceParam(ev: Evaluator, fn: Node, param: Node, index: number): Value | null {
  if (isRequestParam(ev, param) || (index === 0 && (isRouteCallback(ev, fn) || isNextHandler(ev, fn)))) return REQUEST_OBJECT;
  if (index === 1 && isNextHandler(ev, fn)) return REQUEST_OBJECT; // `{ params }` of a Next route handler
  if (isPageProps(ev, fn, param)) return REQUEST_OBJECT; // `{ searchParams, params }` of a Next page
  const kind = handlerKind(ev, fn, index) ?? callbackKind(ev, fn, index);
  if (!kind) return null;
  // A `message` listener that checks the sender's origin handles what that origin sends: trusted data.
  if (kind === TRUSTED) return clean('unknown');
  const label = `source: ${kind} (${textOf(ev.file, param).split(/[:=]/)[0]!.trim()})`;
  return sourceValue(ev.step(param, label), kind, 'unknown', stringKinds(kind), true);
}

function identifierOf(param: Node): Node | null {
  const pattern = param.type === 'required_parameter' || param.type === 'optional_parameter' ? field(param, 'pattern') : param;
  return pattern?.type === 'identifier' ? pattern : null;
}

function isRequestParam(ev: Evaluator, param: Node): boolean {
  const id = identifierOf(param);
  if (!id) return false;
  const name = textOf(ev.file, id);
  if (SOURCES.requestNames.has(name)) return true;
  if (SOURCES.requestNamesImported.some((n) => n.name === name && n.modules.some((m) => ev.facts.modules.has(m)))) return true;
  const type = field(param, 'type');
  return type ? SOURCES.requestTypes.test(textOf(ev.file, type).replace(/^:\s*/, '')) : false;
}

/** A callback passed to `app.get(path, ...)`, `router.post(...)`, `fastify.route({ handler })`. */
function isRouteCallback(ev: Evaluator, fn: Node): boolean {
  const args = fn.parent;
  const call = args?.parent;
  if (args?.type !== 'arguments' || call?.type !== 'call_expression') return false;
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression') return false;
  const method = textOf(ev.file, field(callee, 'property')!);
  return (
    SOURCES.routeMethods.has(method) &&
    parameterNodes(fn).length >= 2 &&
    !/^(map|params|headers|searchParams|cache|store)$/.test(dottedName(ev.file, field(callee, 'object')!))
  );
}

/** `export function f`, `export const f = () =>`, `exports.f = ...`, `module.exports.f = ...`, `module.exports = ...` (`default`). */
export function exportedName(ev: Evaluator, fn: Node): string | null {
  const parent = fn.parent;
  if (parent?.type === 'export_statement') {
    const name = field(fn, 'name');
    return name ? textOf(ev.file, name) : 'default';
  }
  if (parent?.type === 'variable_declarator')
    return parent.parent?.parent?.type === 'export_statement' ? textOf(ev.file, field(parent, 'name')!) : null;
  if (parent?.type === 'assignment_expression' && fn.field === 'right') {
    const target = dottedName(ev.file, field(parent, 'left')!);
    if (target === 'module.exports') return 'default';
    const m = /^(?:module\.)?exports\.([\w$]+)$/.exec(target);
    return m ? m[1]! : null;
  }
  return null;
}

function isNextHandler(ev: Evaluator, fn: Node): boolean {
  const name = exportedName(ev, fn);
  return name !== null && SOURCES.requestHandlers.has(name);
}

function isPageProps(ev: Evaluator, fn: Node, param: Node): boolean {
  const pattern = param.type === 'required_parameter' ? field(param, 'pattern') : param;
  if (pattern?.type !== 'object_pattern' || fn.parent?.type !== 'export_statement') return false;
  return /\b(searchParams|params)\b/.test(textOf(ev.file, pattern));
}

const USE_SERVER = /^\s*(['"])use server\1/;

function handlerKind(ev: Evaluator, fn: Node, index: number): string | null {
  if (SOURCES.handlers.length === 0) return null;
  const name = exportedName(ev, fn);
  if (name === null) return null;
  const first = parameterNodes(fn)[0];
  for (const h of SOURCES.handlers) {
    const p = h.params.find((x) => x.index === index);
    if (!p || !regex(h.exportName).test(name) || !handlerApplies(ev, h, fn, first)) continue;
    return p.kind;
  }
  return null;
}

function handlerApplies(ev: Evaluator, h: HandlerSource, fn: Node, first: Node | undefined): boolean {
  if (h.directive) {
    const body = field(fn, 'body');
    if (!USE_SERVER.test(ev.file.source) && !(body && USE_SERVER.test(ev.file.source.slice(body.startIndex + 1, body.startIndex + 40))))
      return false;
  }
  if (h.paramName) {
    const id = first ? identifierOf(first) : null;
    if (!id || !regex(h.paramName).test(textOf(ev.file, id))) return false;
  }
  if (h.paramTypes) {
    const type = first ? field(first, 'type') : undefined;
    if (!type || !regex(h.paramTypes).test(textOf(ev.file, type).replace(/^:\s*/, ''))) return false;
  }
  return true;
}

/** The callback of `ws.on('message', (data) => ...)`: which of its parameters is the peer's data. */
function callbackKind(ev: Evaluator, fn: Node, index: number): string | null {
  const args = fn.parent;
  const call = args?.parent;
  if (args?.type !== 'arguments' || call?.type !== 'call_expression') return null;
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression' && callee?.type !== 'identifier') return null;
  const method = callee.type === 'identifier' ? textOf(ev.file, callee) : textOf(ev.file, field(callee, 'property')!);
  const receiver = callee.type === 'member_expression' ? dottedName(ev.file, field(callee, 'object')!) : '';
  const first = namedChildren(args)[0];
  const event = first ? stringValue(ev.file, first) : null;
  for (const cb of SOURCES.callbacks) {
    if (cb.param !== index || !cb.method.includes(method) || !callbackApplies(ev, cb, receiver, event)) continue;
    if (event === 'message' && method === 'addEventListener' && checksOrigin(ev, fn)) return TRUSTED;
    return cb.kind;
  }
  return null;
}

function callbackApplies(ev: Evaluator, cb: CallbackSource, receiver: string, event: string | null): boolean {
  if (event === null) return false;
  if (cb.events && !cb.events.includes(event)) return false;
  if (cb.notEvents?.includes(event)) return false;
  if (cb.receiver && !regex(cb.receiver).test(receiver.split('.').pop() ?? '')) return false;
  return !cb.imported || importsMatching(ev.facts, cb.imported);
}

/** A `message` listener that checks `event.origin` trusts only the origins it names: its data is not a stranger's. */
function checksOrigin(ev: Evaluator, fn: Node): boolean {
  return /\.origin\s*(===|!==|==|!=)|(===|!==|==|!=)\s*\w+(\.\w+)*\.origin\b|\.origin\)|\borigin\.(startsWith|endsWith)\(/.test(
    textOf(ev.file, fn),
  );
}
