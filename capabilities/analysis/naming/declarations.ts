/**
 * Every name a file declares, with its kind and what the context allows: PascalCase for components
 * and class-like values, UPPER_CASE for constants, single letters for loop variables, lambda and
 * catch parameters. Imported names, object keys and destructured names taken as-is (`const { a } = b`)
 * are not declared here: their spelling is someone else's.
 */
import type { SourceRange } from '../../../core/index.js';
import {
  FUNCTION_TYPES,
  FUNCTION_VALUE_TYPES,
  fieldChild,
  nodesOfType,
  rangeOf,
  skipParens,
  textOf,
  twoFieldChildren,
  type SyntaxNode as Node,
} from '../../../core/index.js';

export type NameKind = 'variable' | 'constant' | 'function' | 'parameter' | 'type' | 'enumMember' | 'method' | 'field';

export interface DeclaredName {
  name: string;
  kind: NameKind;
  range: SourceRange;
  pascalAllowed: boolean;
  upperAllowed: boolean;
  shortAllowed: boolean;
}

const TYPE_DECLARATIONS = new Set([
  'class_declaration',
  'abstract_class_declaration',
  'class',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
]);
const CLASS_LIKE_FACTORIES = new Set([
  'memo',
  'forwardRef',
  'lazy',
  'createContext',
  'observer',
  'styled',
  'require',
  'import',
  'defineComponent',
  'connect',
  'withRouter',
  'model',
]);
/** Route handlers that frameworks find by these exact names (Next.js app router, SvelteKit, Astro, Remix-style). */
const HTTP_METHOD_HANDLER = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'ALL']);
const TYPE_WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion']);
const JSX_TYPES = ['jsx_element', 'jsx_self_closing_element', 'jsx_fragment'];

/**
 * Which functions hold JSX and which use `this`, answered for the whole file at once: each JSX or
 * `this` node marks the functions around it, climbing from the node (a walk inside every function
 * that asks would visit the same nodes again for each enclosing function). Made on first question:
 * most files ask none.
 */
class FunctionFacts {
  private jsx?: Set<Node>;
  private self?: Set<Node>;

  constructor(private readonly root: Node) {}

  /** containsJsx(fn) || usesThis(fn). */
  jsxOrThis(fn: Node): boolean {
    this.jsx ??= this.jsxHolders();
    if (this.jsx.has(fn)) return true;
    this.self ??= this.thisUsers();
    return this.self.has(fn);
  }

  /** Every ancestor of a JSX node (containsJsx looks at the whole subtree). */
  private jsxHolders(): Set<Node> {
    const holders = new Set<Node>();
    for (const type of JSX_TYPES) {
      for (const jsx of nodesOfType(this.root, type)) {
        for (let p = jsx.parent; p && !holders.has(p); p = p.parent) holders.add(p);
      }
    }
    return holders;
  }

  /**
   * The functions whose own `this` a `this` node is: arrow functions up to and including the first
   * other function, unless a class body comes first (`this` in a nested class or ordinary function
   * is theirs, in an arrow function it is the enclosing function's).
   */
  private thisUsers(): Set<Node> {
    const users = new Set<Node>();
    for (const self of nodesOfType(this.root, 'this')) {
      for (let p = self.parent; p && !users.has(p); p = p.parent) {
        if (p.type === 'class_body') break;
        if (p.type === 'arrow_function') users.add(p);
        else if (FUNCTION_TYPES.has(p.type)) {
          users.add(p);
          break;
        }
      }
    }
    return users;
  }
}

/** Values named like classes by convention: components, constructors, factories' products. */
function classLikeValue(value: Node | undefined, source: string, facts: FunctionFacts): boolean {
  // `require('tree-sitter') as typeof Parser` is the class the call returns.
  while (value && TYPE_WRAPPERS.has(value.type)) value = skipParens(value.children.find((c) => c.named));
  if (!value) return false;
  if (FUNCTION_VALUE_TYPES.has(value.type)) return facts.jsxOrThis(value);
  if (value.type === 'class') return true;
  const call = value.type === 'call_expression';
  const target = call ? fieldChild(value, 'function') : value;
  if (!target || (target.type !== 'identifier' && target.type !== 'member_expression')) return false;
  // The first and last dot-separated segments of the target's text, without splitting it.
  const text = textOf(target, source);
  const last = text.slice(text.lastIndexOf('.') + 1);
  if (call) {
    if (CLASS_LIKE_FACTORIES.has(last)) return true;
    const dot = text.indexOf('.');
    if (CLASS_LIKE_FACTORIES.has(dot < 0 ? text : text.slice(0, dot))) return true;
  }
  const first = last.charCodeAt(0);
  return first >= 65 && first <= 90;
}

function isModuleLevel(declaration: Node): boolean {
  const parent = declaration.parent;
  return parent?.type === 'program' || (parent?.type === 'export_statement' && parent.parent?.type === 'program');
}

function declaratorNames(declarator: Node, source: string, facts: FunctionFacts, out: DeclaredName[]): void {
  const [pattern, rawValue] = twoFieldChildren(declarator, 'name', 'value');
  const value = skipParens(rawValue);
  const declaration = declarator.parent!;
  const loopHead = declaration.parent?.type;
  const inLoopHead = loopHead === 'for_statement' || loopHead === 'for_in_statement';
  if (pattern?.type === 'identifier') {
    const isConst = source.startsWith('const', declaration.startIndex);
    const fn = value !== undefined && FUNCTION_VALUE_TYPES.has(value.type);
    const kind: NameKind = fn ? 'function' : isConst && isModuleLevel(declaration) ? 'constant' : 'variable';
    // UPPER_CASE marks a constant: any const may use it (typescript-eslint's usual variable format).
    out.push({
      name: textOf(pattern, source),
      kind,
      range: rangeOf(pattern),
      pascalAllowed: classLikeValue(value, source, facts),
      upperAllowed: isConst,
      shortAllowed: inLoopHead,
    });
    return;
  }
  if (pattern) patternNames(pattern, source, 'variable', inLoopHead, out);
}

/** Names chosen in a pattern: array elements and renamed object properties (`{ a: chosen }`). */
function patternNames(pattern: Node, source: string, kind: NameKind, shortAllowed: boolean, out: DeclaredName[]): void {
  visitPattern(pattern, pattern, source, kind, shortAllowed, out);
}

/** One node of patternNames' depth-first visit: patterns are entered, a renamed property ends the descent. */
function visitPattern(n: Node, pattern: Node, source: string, kind: NameKind, shortAllowed: boolean, out: DeclaredName[]): void {
  const type = n.type;
  if (type === 'pair_pattern') {
    const value = fieldChild(n, 'value');
    if (value?.type === 'identifier')
      out.push({ name: textOf(value, source), kind, range: rangeOf(value), pascalAllowed: true, upperAllowed: false, shortAllowed });
    else if (value) patternNames(value, source, kind, shortAllowed, out);
    return;
  }
  if (type !== 'object_pattern' && type !== 'array_pattern' && type !== 'rest_pattern') {
    const parent = n.parent?.type;
    const bound = parent === 'array_pattern' || parent === 'rest_pattern' || (parent === 'assignment_pattern' && n.field === 'left');
    if (type === 'identifier' && bound)
      out.push({ name: textOf(n, source), kind, range: rangeOf(n), pascalAllowed: false, upperAllowed: false, shortAllowed });
    if (n !== pattern) return;
  }
  const children = n.children;
  for (let i = 0; i < children.length; i++) visitPattern(children[i]!, pattern, source, kind, shortAllowed, out);
}

function parameterNames(fn: Node, source: string, out: DeclaredName[]): void {
  const lambda = fn.type === 'arrow_function' || fn.parent?.type === 'arguments';
  const [single, parameters] = twoFieldChildren(fn, 'parameter', 'parameters');
  if (single?.type === 'identifier')
    out.push({
      name: textOf(single, source),
      kind: 'parameter',
      range: rangeOf(single),
      pascalAllowed: false,
      upperAllowed: false,
      shortAllowed: true,
    });
  if (!parameters) return;
  const list = parameters.children;
  for (let i = 0; i < list.length; i++) {
    const pattern = fieldChild(list[i]!, 'pattern');
    if (!pattern || pattern.type === 'this') continue;
    if (pattern.type === 'identifier')
      out.push({
        name: textOf(pattern, source),
        kind: 'parameter',
        range: rangeOf(pattern),
        pascalAllowed: false,
        upperAllowed: false,
        shortAllowed: lambda,
      });
    else patternNames(pattern, source, 'parameter', lambda, out);
  }
}

function memberName(member: Node, source: string, kind: 'method' | 'field', out: DeclaredName[]): void {
  const key = fieldChild(member, 'name');
  if (key?.type !== 'property_identifier') return;
  const name = textOf(key, source);
  if (name === 'constructor') return;
  const fixed = member.children.some((c) => c.type === 'static' || c.type === 'readonly');
  out.push({ name, kind, range: rangeOf(key), pascalAllowed: false, upperAllowed: kind === 'field' && fixed, shortAllowed: false });
}

function declaredBy(node: Node, source: string, facts: FunctionFacts, out: DeclaredName[]): void {
  const type = node.type;
  if (type === 'variable_declarator') return declaratorNames(node, source, facts, out);
  if (FUNCTION_TYPES.has(type)) {
    parameterNames(node, source, out);
    if (type === 'function_declaration' || type === 'generator_function_declaration') {
      const name = fieldChild(node, 'name')!;
      const text = textOf(name, source);
      out.push({
        name: text,
        kind: 'function',
        range: rangeOf(name),
        pascalAllowed: facts.jsxOrThis(node),
        upperAllowed: HTTP_METHOD_HANDLER.has(text),
        shortAllowed: false,
      });
    } else if (type === 'method_definition' && node.parent?.type === 'class_body') memberName(node, source, 'method', out);
    return;
  }
  if (TYPE_DECLARATIONS.has(type)) {
    const name = fieldChild(node, 'name');
    if (name)
      out.push({
        name: textOf(name, source),
        kind: 'type',
        range: rangeOf(name),
        pascalAllowed: true,
        upperAllowed: false,
        shortAllowed: false,
      });
    return;
  }
  switch (type) {
    case 'enum_body':
      for (const m of node.children) {
        const id =
          m.type === 'property_identifier' ? m : m.type === 'enum_assignment' ? (fieldChild(m, 'name') ?? m.children[0]) : undefined;
        if (id?.type === 'property_identifier')
          out.push({
            name: textOf(id, source),
            kind: 'enumMember',
            range: rangeOf(id),
            pascalAllowed: true,
            upperAllowed: true,
            shortAllowed: false,
          });
      }
      return;
    case 'public_field_definition':
      return memberName(node, source, 'field', out);
    case 'catch_clause': {
      const p = fieldChild(node, 'parameter');
      if (p?.type === 'identifier')
        out.push({
          name: textOf(p, source),
          kind: 'variable',
          range: rangeOf(p),
          pascalAllowed: false,
          upperAllowed: false,
          shortAllowed: true,
        });
      return;
    }
    case 'for_in_statement': {
      const left = fieldChild(node, 'left');
      if (left?.type === 'identifier')
        out.push({
          name: textOf(left, source),
          kind: 'variable',
          range: rangeOf(left),
          pascalAllowed: false,
          upperAllowed: false,
          shortAllowed: true,
        });
      else if (left) patternNames(left, source, 'variable', true, out);
    }
  }
}

/** The node types declaredBy looks at: only these are visited, through the tree's by-type index. */
const DECLARING = [
  'variable_declarator',
  ...FUNCTION_TYPES,
  ...TYPE_DECLARATIONS,
  'enum_body',
  'public_field_definition',
  'catch_clause',
  'for_in_statement',
];

/** Ambient declarations describe someone else's code: nothing inside one is declared here. */
function insideAmbient(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'ambient_declaration') return true;
  return false;
}

/** Whether `a` comes before `b` in pre-order: it starts first, or starts with it and encloses it. */
const before = (a: Node, b: Node): boolean => a.startIndex < b.startIndex || (a.startIndex === b.startIndex && a.endIndex > b.endIndex);

/** Two pre-order lists as one (on a full tie, `a`'s node first). */
function mergeTwo(a: readonly Node[], b: readonly Node[]): Node[] {
  const out = new Array<Node>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = before(b[j]!, a[i]!) ? b[j++]! : a[i++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * The declaring nodes of a file in pre-order, as nodesOfType(root, DECLARING) orders them. Most of the
 * fourteen types are absent from a given file: only the lists present are merged, pairwise (a
 * balanced merge of a few lists is cheaper than picking the least head among all of them per node).
 */
function declaringNodes(root: Node): readonly Node[] {
  let lists = DECLARING.map((type) => nodesOfType(root, type)).filter((list) => list.length > 0);
  while (lists.length > 1) {
    const merged: (readonly Node[])[] = [];
    for (let i = 0; i < lists.length; i += 2) merged.push(i + 1 < lists.length ? mergeTwo(lists[i]!, lists[i + 1]!) : lists[i]!);
    lists = merged;
  }
  return lists[0] ?? [];
}

/** `root`: a file's root (the names come from its by-type index, in source order as a walk finds them). */
export function declaredNames(root: Node, source: string): DeclaredName[] {
  const out: DeclaredName[] = [];
  const facts = new FunctionFacts(root);
  const ambient = nodesOfType(root, 'ambient_declaration').length > 0;
  // Indexed: on a first run this code is not optimised yet, and for-of would allocate per step.
  const nodes = declaringNodes(root);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (ambient && insideAmbient(node)) continue;
    declaredBy(node, source, facts, out);
  }
  return out;
}
