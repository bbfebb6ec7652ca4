/**
 * Binding values to names: declarations, destructuring (`const { id } = req.params`,
 * `const { body } = req`) and function parameters (request objects, summary placeholders).
 */
import { field, namedChildren, type Node } from '../syntax/tree.js';
import { textOf } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import type { Scope } from './scope.js';
import type { Evaluator, FnFrame } from './types.js';
import { NEXT_HANDLERS, REQUEST_MEMBERS, REQUEST_NAMES, REQUEST_TYPES, ROUTE_METHODS, stringKinds } from './sources.js';
import { join, paramValue, sourceValue, UNKNOWN, withStep, type Value } from './value.js';

export const REQUEST_OBJECT: Value = { ...UNKNOWN, shape: 'object', request: true };

/** The value of member `name` of `value`: a source when `value` is a request object. */
export function memberValue(ev: Evaluator, value: Value, name: string, at: Node): Value {
  if (value.request) {
    const source = Object.hasOwn(REQUEST_MEMBERS, name) ? REQUEST_MEMBERS[name] : undefined;
    if (!source) return name === 'request' || name === 'raw' ? REQUEST_OBJECT : UNKNOWN;
    return sourceValue(ev.step(at, `source: request ${name} (${textOf(ev.file, at)})`), source.kind, source.whole, stringKinds(source.kind));
  }
  if (value.flows.length === 0) return { ...value, shape: 'unknown', text: '', prefix: null, request: false };
  if (name === 'length') return { ...UNKNOWN, shape: 'number' };
  return { ...value, shape: 'unknown', prefix: null };
}

export function bindPattern(ev: Evaluator, pattern: Node, value: Value, scope: Scope, frame: FnFrame): void {
  switch (pattern.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern': {
      const name = textOf(ev.file, pattern);
      scope.declare(name, withStep(value, ev.step(pattern, `assigned to ${name}`)));
      return;
    }
    case 'object_pattern':
      for (const prop of namedChildren(pattern)) bindProperty(ev, prop, value, scope, frame);
      return;
    case 'array_pattern':
      for (const el of namedChildren(pattern)) bindPattern(ev, el, { ...value, shape: 'unknown', request: false }, scope, frame);
      return;
    case 'assignment_pattern':
    case 'object_assignment_pattern': {
      const left = field(pattern, 'left') ?? namedChildren(pattern)[0];
      const right = field(pattern, 'right') ?? namedChildren(pattern)[1];
      const fallback = right ? ev.evaluate(right, scope, frame) : UNKNOWN;
      if (left) bindPattern(ev, left, value.request ? value : join([value, fallback], value.shape), scope, frame);
      return;
    }
    case 'rest_pattern': {
      const inner = namedChildren(pattern)[0];
      if (inner) bindPattern(ev, inner, { ...value, request: false }, scope, frame);
      return;
    }
    case 'required_parameter':
    case 'optional_parameter': {
      const inner = field(pattern, 'pattern');
      const fallback = field(pattern, 'value');
      const v = fallback ? join([value, ev.evaluate(fallback, scope, frame)], value.shape) : value;
      if (inner) bindPattern(ev, inner, value.request ? value : v, scope, frame);
      return;
    }
    default:
      return;
  }
}

function bindProperty(ev: Evaluator, prop: Node, value: Value, scope: Scope, frame: FnFrame): void {
  if (prop.type === 'shorthand_property_identifier_pattern') {
    bindPattern(ev, prop, memberValue(ev, value, textOf(ev.file, prop), prop), scope, frame);
  } else if (prop.type === 'pair_pattern') {
    const key = field(prop, 'key');
    const target = field(prop, 'value');
    if (key && target) bindPattern(ev, target, memberValue(ev, value, textOf(ev.file, key).replace(/^['"]|['"]$/g, ''), key), scope, frame);
  } else if (prop.type === 'object_assignment_pattern') {
    const left = field(prop, 'left') ?? namedChildren(prop)[0];
    if (left) bindPattern(ev, prop, memberValue(ev, value, textOf(ev.file, left), left), scope, frame);
  } else if (prop.type === 'rest_pattern') {
    bindPattern(ev, prop, value.request ? UNKNOWN : value, scope, frame);
  }
}

/** How a function's parameters are bound: sources for request objects, placeholders for summaries. */
export function bindParams(ev: Evaluator, fn: Node, scope: Scope, frame: FnFrame, mode: { summary: boolean; first: Value | null }): void {
  const params = parameterNodes(fn);
  const route = isRouteCallback(ev, fn) || isNextHandler(ev, fn);
  params.forEach((param, index) => {
    let value: Value = mode.summary ? paramValue(index) : UNKNOWN;
    if (index === 0 && mode.first) value = mode.first;
    if (isRequestParam(ev, param) || (index === 0 && route)) value = REQUEST_OBJECT;
    else if (index === 1 && isNextHandler(ev, fn)) value = REQUEST_OBJECT; // `{ params }` of a Next route handler
    else if (isPageProps(ev, fn, param)) value = REQUEST_OBJECT; // `{ searchParams, params }` of a Next page
    bindPattern(ev, param, value, scope, frame);
  });
}

export function parameterNodes(fn: Node): Node[] {
  const params = field(fn, 'parameters');
  if (params) return namedChildren(params);
  const single = field(fn, 'parameter');
  return single ? [single] : [];
}

function isRequestParam(ev: Evaluator, param: Node): boolean {
  const pattern = param.type === 'required_parameter' || param.type === 'optional_parameter' ? field(param, 'pattern') : param;
  if (pattern?.type !== 'identifier') return false;
  if (REQUEST_NAMES.has(textOf(ev.file, pattern))) return true;
  const type = field(param, 'type');
  return type ? REQUEST_TYPES.test(textOf(ev.file, type).replace(/^:\s*/, '')) : false;
}

/** A callback passed to `app.get(path, ...)`, `router.post(...)`, `fastify.route({ handler })`. */
function isRouteCallback(ev: Evaluator, fn: Node): boolean {
  const args = fn.parent;
  const call = args?.parent;
  if (args?.type !== 'arguments' || call?.type !== 'call_expression') return false;
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression') return false;
  const method = textOf(ev.file, field(callee, 'property')!);
  return ROUTE_METHODS.has(method) && parameterNodes(fn).length >= 2 && !/^(map|params|headers|searchParams|cache|store)$/.test(dottedName(ev.file, field(callee, 'object')!));
}

function exportedName(ev: Evaluator, fn: Node): string | null {
  if (fn.parent?.type !== 'export_statement') {
    const decl = fn.parent?.type === 'variable_declarator' ? fn.parent : null;
    const exported = decl?.parent?.parent?.type === 'export_statement';
    return exported && decl ? textOf(ev.file, field(decl, 'name')!) : null;
  }
  const name = field(fn, 'name');
  return name ? textOf(ev.file, name) : 'default';
}

function isNextHandler(ev: Evaluator, fn: Node): boolean {
  const name = exportedName(ev, fn);
  return name !== null && NEXT_HANDLERS.has(name);
}

function isPageProps(ev: Evaluator, fn: Node, param: Node): boolean {
  const pattern = param.type === 'required_parameter' ? field(param, 'pattern') : param;
  if (pattern?.type !== 'object_pattern' || fn.parent?.type !== 'export_statement') return false;
  return /\b(searchParams|params)\b/.test(textOf(ev.file, pattern));
}
