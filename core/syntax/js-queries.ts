/**
 * Queries over the plain syntax tree that know JavaScript/TypeScript (functions, loops, calls, JSX),
 * shared by the analyses. Generic node helpers are in node-helpers.ts.
 */
import type { SourceRange } from '../contracts/index.js';
import { fieldChild, firstNamedChild, textOf, walk } from './node-helpers.js';
import { endColumnOf, endRowOf, startColumnOf, startRowOf, type SyntaxNode as Node } from './plain-tree.js';

export const FUNCTION_TYPES = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
]);

/** Function expressions a value can be: what `const f = ...` or an argument holds when it is a function. */
export const FUNCTION_VALUE_TYPES = new Set(['arrow_function', 'function_expression', 'function']);

export const LOOP_TYPES = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

/** Array methods whose callback runs once per element: a loop in all but syntax. */
export const ITERATION_METHODS = new Set([
  'forEach',
  'map',
  'filter',
  'reduce',
  'reduceRight',
  'some',
  'every',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'flatMap',
]);

/** A range covering only the node's first line (long bodies make poor highlights). */
export function headRangeOf(node: Node, source: string): SourceRange {
  const lineEnd = source.indexOf('\n', node.startIndex);
  const firstLineLength = (lineEnd === -1 ? source.length : lineEnd) - node.startIndex;
  const endColumn = endRowOf(node) === startRowOf(node) ? endColumnOf(node) : startColumnOf(node) + Math.max(firstLineLength, 1);
  return { startLine: startRowOf(node) + 1, startColumn: startColumnOf(node) + 1, endLine: startRowOf(node) + 1, endColumn };
}

export function isFunction(node: Node): boolean {
  return FUNCTION_TYPES.has(node.type);
}

export function enclosingFunction(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

export function skipParens(node: Node | undefined): Node | undefined {
  let current = node;
  while (current && current.type === 'parenthesized_expression') current = firstNamedChild(current);
  return current;
}

/** `foo(...)` -> "foo", `a.b.foo(...)` -> "foo", else undefined. */
export function calleeName(call: Node, source: string): string | undefined {
  const callee = fieldChild(call, 'function');
  if (!callee) return undefined;
  if (callee.type === 'identifier') return textOf(callee, source);
  if (callee.type === 'member_expression') {
    const property = fieldChild(callee, 'property');
    return property ? textOf(property, source) : undefined;
  }
  return undefined;
}

/** The receiver of a method call (`a.b` in `a.b.foo()`), if any. */
export function calleeObject(call: Node): Node | undefined {
  const callee = fieldChild(call, 'function');
  return callee?.type === 'member_expression' ? fieldChild(callee, 'object') : undefined;
}

export function callArguments(call: Node): Node[] {
  const args = fieldChild(call, 'arguments');
  return args ? args.children.filter((c) => c.named && c.type !== 'comment') : [];
}

/** The statement-level loop or iteration callback (`xs.forEach(x => ...)`) that contains `node`, stopping at an ordinary function boundary. */
export function enclosingLoop(node: Node, source: string): Node | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (LOOP_TYPES.has(p.type)) return p;
    if (isFunction(p)) return isIterationCallback(p, source) ? p : undefined;
  }
  return undefined;
}

/** `xs.map(fn)`'s fn, `xs.forEach(function () {})`, ... */
export function isIterationCallback(fn: Node, source: string): boolean {
  const args = fn.parent;
  const call = args?.parent;
  if (args?.type !== 'arguments' || call?.type !== 'call_expression') return false;
  const name = calleeName(call, source);
  return name !== undefined && ITERATION_METHODS.has(name) && calleeObject(call) !== undefined;
}

export function isJsx(node: Node): boolean {
  return node.type === 'jsx_element' || node.type === 'jsx_self_closing_element' || node.type === 'jsx_fragment';
}

export function containsJsx(node: Node): boolean {
  let found = false;
  walk(node, (n) => {
    if (found) return false;
    if (isJsx(n)) found = true;
    return undefined;
  });
  return found;
}

/** The identifier a function is bound to: its own name, or the variable/field/property it initialises. */
export function boundName(fn: Node, source: string): string | undefined {
  const own = fieldChild(fn, 'name');
  if (own) return textOf(own, source);
  let parent = fn.parent;
  // memo(function X() {}), forwardRef((props) => ...) wrapped in a declarator.
  while (parent && (parent.type === 'arguments' || parent.type === 'call_expression' || parent.type === 'parenthesized_expression'))
    parent = parent.parent;
  if (parent?.type === 'variable_declarator' || parent?.type === 'public_field_definition' || parent?.type === 'pair') {
    const key = fieldChild(parent, 'name') ?? fieldChild(parent, 'key');
    return key ? textOf(key, source) : undefined;
  }
  return undefined;
}
