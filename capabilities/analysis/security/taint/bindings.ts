/**
 * Binding values to names: declarations, destructuring (`const { id } = req.params`,
 * `const { body } = req`) and function parameters (request objects, summary placeholders).
 */
import { field, namedChildren, type Node } from '../syntax/tree.js';
import { textOf } from '../syntax/source-file.js';
import type { Scope } from './scope.js';
import type { Evaluator, FnFrame } from './types.js';
import { SOURCES, stringKinds } from './sources.js';
import { parameterNodes, REQUEST_OBJECT, sourceParam } from './param-sources.js';
import { join, paramValue, sourceValue, UNKNOWN, withStep, type Value } from './value.js';

export { parameterNodes, REQUEST_OBJECT };

/** The value of member `name` of `value`: a source when `value` is a request object. */
export function memberValue(ev: Evaluator, value: Value, name: string, at: Node): Value {
  if (value.request) {
    const source = Object.hasOwn(SOURCES.requestMembers, name) ? SOURCES.requestMembers[name] : undefined;
    if (!source) return name === 'request' || name === 'raw' || name === 'req' ? REQUEST_OBJECT : UNKNOWN;
    return sourceValue(
      ev.step(at, `source: request ${name} (${textOf(ev.file, at)})`),
      source.kind,
      source.whole,
      stringKinds(source.kind),
      source.whole === 'object',
    );
  }
  if (value.flows.length === 0) return { flows: [], safe: value.safe, text: '', prefix: null, shape: 'unknown' };
  if (name === 'length') return { ...UNKNOWN, shape: 'number' };
  // A member of a whole input object may be an object of the client's making too (`req.body.user`).
  const { lead: _lead, ...rest } = value;
  return { ...rest, shape: 'unknown', prefix: null };
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

/** How a function's parameters are bound: sources for input (./param-sources.ts), placeholders for summaries. */
export function bindParams(ev: Evaluator, fn: Node, scope: Scope, frame: FnFrame, mode: { summary: boolean; first: Value | null }): void {
  parameterNodes(fn).forEach((param, index) => {
    let value: Value = mode.summary ? paramValue(index) : UNKNOWN;
    if (index === 0 && mode.first) value = mode.first;
    value = sourceParam(ev, fn, param, index) ?? value;
    bindPattern(ev, param, value, scope, frame);
  });
}
