/** Plain values from the source: object, array, string, number, boolean and null literals, and names bound to them at the top level. */
import type { Tree } from 'tree-sitter';

export type Node = Tree['rootNode'];

const NONE = Symbol('not a literal');

/** The value a literal expression denotes, or undefined when it is not one (a call, a computed key, a spread). */
export function literalOf(node: Node, root: Node, depth = 0): unknown {
  const value = evaluate(node, root, depth);
  return value === NONE ? undefined : value;
}

function evaluate(node: Node, root: Node, depth: number): unknown {
  if (depth > 8) return NONE;
  switch (node.type) {
    case 'parenthesized_expression':
      return evaluate(node.namedChild(0)!, root, depth);
    case 'string':
      return node.text.slice(1, -1).replace(/\\(.)/g, '$1');
    case 'template_string': {
      // `${BASE}/{file}`: each substitution a name bound to a string or number at the top level.
      let text = '';
      for (const part of node.namedChildren) {
        if (part.type === 'string_fragment') text += part.text;
        else if (part.type === 'template_substitution') {
          const v = evaluate(part.namedChild(0)!, root, depth + 1);
          if (typeof v !== 'string' && typeof v !== 'number') return NONE;
          text += String(v);
        } else return NONE;
      }
      return node.namedChildCount === 0 ? node.text.slice(1, -1) : text;
    }
    case 'number':
      return Number(node.text.replace(/_/g, ''));
    case 'unary_expression': {
      const inner = evaluate(node.childForFieldName('argument')!, root, depth);
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
        const v = evaluate(item, root, depth + 1);
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
          const v = evaluate(entry, root, depth + 1);
          if (v === NONE) return NONE;
          out[entry.text] = v;
          continue;
        }
        if (entry.type !== 'pair') return NONE;
        const key = entry.childForFieldName('key')!;
        const name =
          key.type === 'string' ? key.text.slice(1, -1) : key.type === 'property_identifier' || key.type === 'number' ? key.text : null;
        if (name === null) return NONE;
        const v = evaluate(entry.childForFieldName('value')!, root, depth + 1);
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

function topLevelConst(root: Node, name: string): Node | null {
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
