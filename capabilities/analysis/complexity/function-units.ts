/**
 * What counts as a "function" for the metrics, mirroring ESLint's code paths: every function, arrow
 * function and method; a class field's initializer; a class static block. The program itself is not
 * a unit. Names and report locations follow ESLint's astUtils.getFunctionNameWithKind and
 * getFunctionHeadLoc, so results line up with `complexity` rule messages.
 */
import {
  FIELD_TYPES,
  fieldChild,
  hasChild,
  logicalParent,
  startColumnOf,
  startRowOf,
  UNIT_FUNCTION_TYPES,
  type SyntaxNode as Node,
} from '../../../core/index.js';
import { staticPropertyName } from './property-name.js';

export type UnitKind = 'function' | 'class-field-initializer' | 'class-static-block';

export function isFunctionNode(node: Node): boolean {
  return (UNIT_FUNCTION_TYPES.has(node.type) && hasChild(node, 'statement_block')) || node.type === 'arrow_function';
}

/** A class field's initializer starts its own code path in ESLint (`accessor` fields do not). */
export function isFieldInitializer(node: Node): boolean {
  const parent = node.parent;
  return node.field === 'value' && parent !== null && FIELD_TYPES.has(parent.type) && !hasChild(parent, 'accessor');
}

export function unitKind(node: Node): UnitKind | undefined {
  if (node.type === 'class_static_block') return 'class-static-block';
  if (isFunctionNode(node)) return 'function';
  return undefined;
}

/** Parts of a method_definition that ESLint evaluates outside the method (key, decorators). */
export function belongsOutsideMethod(child: Node): boolean {
  return child.field === 'name' || child.type === 'decorator';
}

/** ESLint's "Property", "MethodDefinition" or "PropertyDefinition" that owns a function, if any. */
function owner(fn: Node): { node: Node; kind: 'property' | 'method' | 'field' } | undefined {
  if (fn.type === 'method_definition') {
    return { node: fn, kind: fn.parent?.type === 'class_body' ? 'method' : 'property' };
  }
  const parent = logicalParent(fn);
  if (!parent) return undefined;
  if (parent.type === 'pair' && fieldChild(parent, 'value') && isValueOf(fn, parent)) return { node: parent, kind: 'property' };
  if (FIELD_TYPES.has(parent.type) && isValueOf(fn, parent)) return { node: parent, kind: 'field' };
  return undefined;
}

function isValueOf(fn: Node, parent: Node): boolean {
  let child = fn;
  while (child.parent !== parent) child = child.parent!;
  return child.field === 'value';
}

function memberKey(member: Node): Node | undefined {
  return fieldChild(member, 'name') ?? fieldChild(member, 'property') ?? fieldChild(member, 'key');
}

function accessorKind(method: Node): 'get' | 'set' | undefined {
  for (const c of method.children) {
    if (c.field === 'name') return undefined;
    if (c.type === 'get' || c.type === 'set') return c.type;
  }
  return undefined;
}

/** "function 'foo'", "static async method 'bar'", "arrow function", "getter 'x'", "constructor", ... */
export function functionName(fn: Node, source: string): string {
  const own = owner(fn);
  const key = own ? memberKey(own.node) : undefined;
  const isPrivate = key?.type === 'private_property_identifier';
  const tokens: string[] = [];
  if (own && own.kind !== 'property' && hasChild(own.node, 'static')) tokens.push('static');
  if (own && own.kind !== 'property' && isPrivate) tokens.push('private');
  if (hasChild(fn, 'async')) tokens.push('async');
  if (hasChild(fn, '*') || fn.type.startsWith('generator_')) tokens.push('generator');
  if (own && own.kind !== 'field') {
    const accessor = fn.type === 'method_definition' ? accessorKind(fn) : undefined;
    const keyName = key ? staticPropertyName(key, source) : null;
    if (own.kind === 'method' && keyName === 'constructor' && key?.type !== 'computed_property_name' && !hasChild(own.node, 'static'))
      return 'constructor';
    tokens.push(accessor === 'get' ? 'getter' : accessor === 'set' ? 'setter' : 'method');
  } else if (own) {
    tokens.push('method');
  } else {
    if (fn.type === 'arrow_function') tokens.push('arrow');
    tokens.push('function');
  }
  const name = own
    ? isPrivate
      ? source.slice(key!.startIndex, key!.endIndex)
      : (quoted(key ? staticPropertyName(key, source) : null) ?? ownName(fn, source))
    : ownName(fn, source);
  if (name) tokens.push(name);
  return tokens.join(' ');
}

function quoted(name: string | null): string | undefined {
  return name === null ? undefined : `'${name}'`;
}

function ownName(fn: Node, source: string): string | undefined {
  if (fn.type === 'method_definition' || fn.type === 'arrow_function') return undefined;
  const id = fieldChild(fn, 'name');
  return id ? `'${source.slice(id.startIndex, id.endIndex)}'` : undefined;
}

/** Where ESLint reports a function: the owning property/method/field start, an arrow's `=>`, else the function start. */
export function headLocation(fn: Node): { row: number; column: number } {
  const own = owner(fn);
  if (own) return { row: startRowOf(own.node), column: startColumnOf(own.node) };
  if (fn.type === 'arrow_function') {
    const arrow = fn.children.find((c) => c.type === '=>')!;
    return { row: startRowOf(arrow), column: startColumnOf(arrow) };
  }
  return { row: startRowOf(fn), column: startColumnOf(fn) };
}

/** Formal parameters, without a TypeScript `this` parameter (it is a type annotation, not an argument). */
export function parameterCount(fn: Node): number {
  if (fieldChild(fn, 'parameter')) return 1;
  const list = fieldChild(fn, 'parameters');
  if (!list) return 0;
  return list.children.filter((p) => p.named && p.type !== 'comment' && !isThisParameter(p)).length;
}

function isThisParameter(p: Node): boolean {
  return p.type === 'required_parameter' && fieldChild(p, 'pattern')?.type === 'this';
}
