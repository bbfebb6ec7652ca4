/** Dotted names of expressions: `db.query`, `res.status().send`, `fs.promises.readFile`. */
import { field, unwrap, type Node } from './tree.js';
import { textOf, type SourceFile } from './source-file.js';

const NAMES = new Set(['identifier', 'this', 'property_identifier', 'shorthand_property_identifier']);

/**
 * A dotted path for identifiers, `this`, member chains and calls in them (`a.b().c`); `?` for anything
 * else. Walks down the chain in a loop (a generated `a.b().b()...` 25,000 links long overflowed the
 * stack of the recursive version) and joins the segments outermost last.
 */
export function dottedName(file: SourceFile, node: Node): string {
  const segments: string[] = [];
  let head = '?';
  let current: Node | null | undefined = node;
  while (current) {
    const n = unwrap(current);
    if (NAMES.has(n.type)) {
      head = textOf(file, n);
      break;
    }
    if (n.type === 'member_expression') {
      const property = field(n, 'property');
      segments.push(`.${property ? textOf(file, property) : '?'}`);
      current = field(n, 'object');
    } else if (n.type === 'subscript_expression') {
      const index = field(n, 'index');
      segments.push(`.${index && index.type === 'string' ? textOf(file, index).slice(1, -1) : '?'}`);
      current = field(n, 'object');
    } else if (n.type === 'call_expression') {
      segments.push('()');
      current = field(n, 'function');
    } else if (n.type === 'new_expression') {
      segments.push('()');
      current = field(n, 'constructor');
    } else {
      break;
    }
  }
  return head + segments.reverse().join('');
}

/** The last segment of a dotted name: the method name of `a.b.c` is `c`. */
export function lastSegment(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? name : name.slice(i + 1);
}

/**
 * `lastSegment(dottedName(file, callee))` without building the whole name when the callee is a plain
 * member (`a.b.c()` -> `c`): a property name holds no dot, so the two agree.
 */
export function calleeMethod(file: SourceFile, callee: Node): string {
  const n = unwrap(callee);
  if (n.type === 'member_expression') {
    const property = field(n, 'property');
    return property ? textOf(file, property) : '?';
  }
  return lastSegment(dottedName(file, n));
}

/** Everything before the last segment: the receiver of `a.b.c` is `a.b`. */
export function receiverOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(0, i);
}

/** The arguments of a call or `new` expression (spread elements included as they are). */
export function callArguments(node: Node): Node[] {
  const args = field(node, 'arguments');
  if (!args) return [];
  if (args.type === 'template_string') return [args];
  return args.children.filter((c) => c.named && c.type !== 'comment');
}

/** The name a value is given where it is bound: `const x = v`, `x = v`, `obj.x = v`, `{ x: v }`, `x ??= v`. */
export function bindingName(file: SourceFile, valueNode: Node): string | null {
  let node = valueNode;
  while (
    node.parent &&
    [
      'parenthesized_expression',
      'as_expression',
      'binary_expression',
      'ternary_expression',
      'await_expression',
      'call_expression',
      'member_expression',
      'arguments',
    ].includes(node.parent.type)
  ) {
    node = node.parent;
  }
  const parent = node.parent;
  if (!parent) return null;
  if (parent.type === 'variable_declarator' && node.field === 'value') return textOf(file, field(parent, 'name')!);
  if ((parent.type === 'assignment_expression' || parent.type === 'augmented_assignment_expression') && node.field === 'right') {
    return dottedName(file, field(parent, 'left')!);
  }
  if (parent.type === 'pair' && node.field === 'value') return textOf(file, field(parent, 'key')!).replace(/^['"]|['"]$/g, '');
  if (parent.type === 'public_field_definition' || parent.type === 'field_definition') {
    const name = field(parent, 'name') ?? field(parent, 'property');
    return name ? textOf(file, name) : null;
  }
  return null;
}

/** The name of the function that contains `node` (declaration name, or the variable/property it is assigned to). */
export function enclosingFunctionName(file: SourceFile, node: Node): string | null {
  for (let p = node.parent; p; p = p.parent) {
    if (['function_declaration', 'method_definition', 'generator_function_declaration'].includes(p.type)) {
      const name = field(p, 'name');
      return name ? textOf(file, name) : null;
    }
    if (p.type === 'arrow_function' || p.type === 'function_expression') {
      const bound = bindingName(file, p);
      if (bound) return bound;
    }
  }
  return null;
}
