/** Plain values from the source: object, array, string, number, boolean and null literals, and names bound to them at the top level. */
import type { Tree } from 'tree-sitter';

export type Node = Tree['rootNode'];

const NONE = Symbol('not a literal');

/** A name bound to a piece of source rather than a value: a helper's argument at one call site, a loop's element. Evaluated where it was written. */
export class NodeRef {
  constructor(
    readonly node: Node,
    readonly root: Node,
    readonly env: Env,
    readonly file: string,
  ) {}
}

/** Names in scope: a helper's parameters at one call site, a loop variable at one element. */
export type Env = ReadonlyMap<string, unknown>;

/** The value of `node` with names bound (`env`), or undefined when it is not a literal under them. */
export function valueIn(node: Node, root: Node, env: Env): unknown {
  const value = evaluate(node, root, 0, env);
  return value === NONE ? undefined : value;
}

/** The value a literal expression denotes, or undefined when it is not one (a call, a computed key, a spread). */
export function literalOf(node: Node, root: Node, depth = 0): unknown {
  const value = evaluate(node, root, depth);
  return value === NONE ? undefined : value;
}

/** A route path as the source builds it: a string literal, a template or `+` of constants, or a call of a top-level helper (`route('users')`). */
export function pathValueOf(node: Node, root: Node): string | null {
  const value = literalOf(node, root);
  return typeof value === 'string' ? value : null;
}

/**
 * A top-level helper that builds a value from its parameters: `function route(name) { return \`/api/${name}\`; }`
 * or `const route = (name) => '/api/' + name` — one returned expression, plain parameters.
 */
function helperOf(root: Node, name: string): { params: string[]; body: Node } | null {
  const returned = (body: Node | null): Node | null => {
    if (!body || body.type !== 'statement_block') return body;
    const statements = body.namedChildren.filter((c) => c.type !== 'comment');
    return statements.length === 1 && statements[0]!.type === 'return_statement' ? statements[0]!.namedChild(0) : null;
  };
  const paramNames = (params: Node | null): string[] | null => {
    if (!params) return null;
    const names: string[] = [];
    for (const p of params.namedChildren) {
      const id = p.type === 'identifier' ? p : p.type === 'required_parameter' ? p.childForFieldName('pattern') : null;
      if (id?.type !== 'identifier') return null;
      names.push(id.text);
    }
    return names;
  };
  let params: string[] | null = null;
  let body: Node | null = null;
  for (const statement of root.namedChildren) {
    const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (declaration?.type === 'function_declaration' && declaration.childForFieldName('name')?.text === name) {
      params = paramNames(declaration.childForFieldName('parameters'));
      body = returned(declaration.childForFieldName('body'));
    }
  }
  const bound = body ? null : topLevelConst(root, name);
  if (bound?.type === 'arrow_function') {
    const single = bound.childForFieldName('parameter');
    params = single ? (single.type === 'identifier' ? [single.text] : null) : paramNames(bound.childForFieldName('parameters'));
    body = returned(bound.childForFieldName('body'));
  }
  return params && body ? { params, body } : null;
}

function evaluate(node: Node, root: Node, depth: number, env: ReadonlyMap<string, unknown> = new Map()): unknown {
  if (depth > 8) return NONE;
  if ((node.type === 'identifier' || node.type === 'shorthand_property_identifier') && env.has(node.text)) {
    const bound = env.get(node.text);
    return bound instanceof NodeRef ? evaluate(bound.node, bound.root, depth + 1, bound.env) : bound;
  }
  if (node.type === 'member_expression') {
    const object = node.childForFieldName('object')!;
    const key = node.childForFieldName('property')!.text;
    // `route.path` for a name bound to an object written in the source (its other fields need not be literals).
    const ref = object.type === 'identifier' ? env.get(object.text) : undefined;
    if (ref instanceof NodeRef && ref.node.type === 'object') {
      const value = pairValue(ref.node, key);
      return value ? evaluate(value, ref.root, depth + 1, ref.env) : NONE;
    }
    const value = evaluate(object, root, depth + 1, env);
    return value && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)
      ? (value as Record<string, unknown>)[key]
      : NONE;
  }
  if (node.type === 'call_expression') {
    const callee = node.childForFieldName('function');
    const helper = callee?.type === 'identifier' ? helperOf(root, callee.text) : null;
    if (!helper) return NONE;
    const args = (node.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
    const bound = new Map<string, unknown>();
    for (const [i, param] of helper.params.entries()) {
      const v = args[i] ? evaluate(args[i]!, root, depth + 1, env) : NONE;
      if (v === NONE) return NONE;
      bound.set(param, v);
    }
    return evaluate(helper.body, root, depth + 1, bound);
  }
  if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '+') {
    const left = evaluate(node.childForFieldName('left')!, root, depth + 1, env);
    const right = evaluate(node.childForFieldName('right')!, root, depth + 1, env);
    if ((typeof left === 'string' || typeof left === 'number') && (typeof right === 'string' || typeof right === 'number'))
      return typeof left === 'number' && typeof right === 'number' ? left + right : `${left}${right}`;
    return NONE;
  }
  switch (node.type) {
    case 'parenthesized_expression':
      return evaluate(node.namedChild(0)!, root, depth, env);
    case 'string':
      return node.text.slice(1, -1).replace(/\\(.)/g, '$1');
    case 'template_string': {
      // `${BASE}/{file}`: each substitution a name bound to a string or number at the top level.
      let text = '';
      for (const part of node.namedChildren) {
        if (part.type === 'string_fragment') text += part.text;
        else if (part.type === 'template_substitution') {
          const v = evaluate(part.namedChild(0)!, root, depth + 1, env);
          if (typeof v !== 'string' && typeof v !== 'number') return NONE;
          text += String(v);
        } else return NONE;
      }
      return node.namedChildCount === 0 ? node.text.slice(1, -1) : text;
    }
    case 'number':
      return Number(node.text.replace(/_/g, ''));
    case 'unary_expression': {
      const inner = evaluate(node.childForFieldName('argument')!, root, depth, env);
      return node.childForFieldName('operator')?.text === '-' && typeof inner === 'number' ? -inner : NONE;
    }
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
    case 'array': {
      const out: unknown[] = [];
      for (const item of node.namedChildren) {
        if (item.type === 'comment') continue;
        const v = evaluate(item, root, depth + 1, env);
        if (v === NONE) return NONE;
        out.push(v);
      }
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const entry of node.namedChildren) {
        if (entry.type === 'comment') continue;
        if (entry.type === 'shorthand_property_identifier') {
          const v = evaluate(entry, root, depth + 1, env);
          if (v === NONE) return NONE;
          out[entry.text] = v;
          continue;
        }
        if (entry.type !== 'pair') return NONE;
        const key = entry.childForFieldName('key')!;
        const name =
          key.type === 'string' ? key.text.slice(1, -1) : key.type === 'property_identifier' || key.type === 'number' ? key.text : null;
        if (name === null) return NONE;
        const v = evaluate(entry.childForFieldName('value')!, root, depth + 1, env);
        if (v === NONE) return NONE;
        out[name] = v;
      }
      return out;
    }
    case 'identifier':
    case 'shorthand_property_identifier': {
      const bound = topLevelConst(root, node.text);
      return bound ? evaluate(bound, root, depth + 1) : NONE;
    }
    default:
      return NONE;
  }
}

export function topLevelConst(root: Node, name: string): Node | null {
  for (const statement of root.namedChildren) {
    const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (declaration?.type !== 'lexical_declaration' && declaration?.type !== 'variable_declaration') continue;
    for (const d of declaration.namedChildren)
      if (d.type === 'variable_declarator' && d.childForFieldName('name')?.text === name) return d.childForFieldName('value');
  }
  return null;
}

/** The value of `key` in an object literal (`{ method: 'POST', handler }`), shorthand included. */
export function pairValue(object: Node, key: string): Node | null {
  for (const entry of object.namedChildren) {
    if (entry.type === 'shorthand_property_identifier' && entry.text === key) return entry;
    if (entry.type !== 'pair') continue;
    const k = entry.childForFieldName('key')!;
    if ((k.type === 'string' ? k.text.slice(1, -1) : k.text) === key) return entry.childForFieldName('value');
  }
  return null;
}
