/**
 * What a name holds when it is a constant of the file: `const SECRET = 'shhhhh'`, `const config =
 * { jwtSecret: 'x' }`. Used where a literal matters by position (a key passed to jwt.sign, a URL
 * passed to fetch) and the code names it first. One index per tree, built on first use.
 */
import { nodesOfType, perTree } from '../../../../core/index.js';
import { field, unwrap, type Node } from './tree.js';
import { stringValue, textOf, type SourceFile } from './source-file.js';

const CONSTANTS = {};

function constants(file: SourceFile): Map<string, Node> {
  return perTree(file.root, CONSTANTS, () => {
    const map = new Map<string, Node>();
    for (const d of nodesOfType(file.root, 'variable_declarator')) {
      const name = field(d, 'name');
      const value = field(d, 'value');
      // Only `const` (or a first binding): a name bound twice is not a constant.
      if (name?.type !== 'identifier' || !value) continue;
      const key = textOf(file, name);
      if (map.has(key)) map.set(key, d);
      else map.set(key, unwrap(value));
    }
    return map;
  });
}

/** The string literal node a value node is or names (through a constant or a constant object's member), else null. */
export function literalNode(file: SourceFile, node: Node, depth = 0): Node | null {
  const n = unwrap(node);
  if (n.type === 'string' || (n.type === 'template_string' && stringValue(file, n) !== null)) return n;
  if (depth > 2) return null;
  if (n.type === 'identifier') {
    const init = constants(file).get(textOf(file, n));
    return init && init.type !== 'variable_declarator' ? literalNode(file, init, depth + 1) : null;
  }
  if (n.type === 'member_expression') {
    const object = unwrap(field(n, 'object')!);
    const init = object.type === 'identifier' ? constants(file).get(textOf(file, object)) : undefined;
    if (init?.type !== 'object') return null;
    const key = textOf(file, field(n, 'property')!);
    const pair = init.children.find((p) => p.type === 'pair' && textOf(file, field(p, 'key')!).replace(/^['"]|['"]$/g, '') === key);
    return pair ? literalNode(file, field(pair, 'value')!, depth + 1) : null;
  }
  return null;
}

/** Whether a name is bound once in the file to an array literal or `new Set([...])`: a list the program wrote. */
export function constantList(file: SourceFile, name: string): boolean {
  const init = constants(file).get(name);
  if (!init) return false;
  if (init.type === 'array') return true;
  return init.type === 'new_expression' && /^new\s+(Set|Map)\s*\(\s*\[/.test(textOf(file, init));
}

/** The object literal a name is bound to once in the file (`const query = { text, values }`), else null. */
export function constantObject(file: SourceFile, name: Node): Node | null {
  const n = unwrap(name);
  if (n.type !== 'identifier') return null;
  const init = constants(file).get(textOf(file, n));
  return init?.type === 'object' ? init : null;
}

/** The value node of `key` in an object literal (a dotted key walks nested literals), or undefined. */
export function memberNode(file: SourceFile, object: Node | undefined, path: string): Node | undefined {
  let current = object ? unwrap(object) : undefined;
  for (const key of path.split('.')) {
    if (current?.type !== 'object') return undefined;
    let found: Node | undefined;
    for (const p of current.children) {
      if (p.type === 'pair' && textOf(file, field(p, 'key')!).replace(/^['"]|['"]$/g, '') === key) found = unwrap(field(p, 'value')!);
      else if (p.type === 'shorthand_property_identifier' && textOf(file, p) === key) found = p;
    }
    current = found;
  }
  return current;
}
