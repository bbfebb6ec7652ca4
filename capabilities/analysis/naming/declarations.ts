/**
 * Every name a file declares, with its kind and what the context allows: PascalCase for components
 * and class-like values, UPPER_CASE for constants, single letters for loop variables, lambda and
 * catch parameters. Imported names, object keys and destructured names taken as-is (`const { a } = b`)
 * are not declared here: their spelling is someone else's.
 */
import type { SourceRange } from '../../../core/index.js';
import { FUNCTION_TYPES, containsJsx, fieldChild, isFunction, nodesOfType, rangeOf, skipParens, textOf, walk, type SyntaxNode as Node } from '../../../core/index.js';

export type NameKind = 'variable' | 'constant' | 'function' | 'parameter' | 'type' | 'enumMember' | 'method' | 'field';

export interface DeclaredName {
  name: string;
  kind: NameKind;
  range: SourceRange;
  pascalAllowed: boolean;
  upperAllowed: boolean;
  shortAllowed: boolean;
}

const TYPE_DECLARATIONS = new Set(['class_declaration', 'abstract_class_declaration', 'class', 'interface_declaration', 'type_alias_declaration', 'enum_declaration']);
const CLASS_LIKE_FACTORIES = /^(memo|forwardRef|lazy|createContext|observer|styled|require|import|defineComponent|connect|withRouter|model)$/;
/** Route handlers that frameworks find by these exact names (Next.js app router, SvelteKit, Astro, Remix-style). */
const HTTP_METHOD_HANDLER = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|ALL)$/;
const TYPE_WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion']);
const LOOP_HEADS = new Set(['for_statement', 'for_in_statement']);

function usesThis(fn: Node): boolean {
  let found = false;
  walk(fn, (n) => {
    if (found) return false;
    // `this` in a nested class or ordinary function is theirs, in an arrow function it is ours.
    if (n !== fn && (n.type === 'class_body' || (isFunction(n) && n.type !== 'arrow_function'))) return false;
    if (n.type === 'this') found = true;
    return undefined;
  });
  return found;
}

/**
 * Whether the file holds any JSX and any `this` at all: when it does not, no function in it can, and
 * the walks that look for them inside each function are skipped (the answers are the same).
 */
interface FileTraits {
  jsx: boolean;
  self: boolean;
}

const JSX_TYPES = ['jsx_element', 'jsx_self_closing_element', 'jsx_fragment'];

function traitsOf(root: Node): FileTraits {
  return { jsx: JSX_TYPES.some((type) => nodesOfType(root, type).length > 0), self: nodesOfType(root, 'this').length > 0 };
}

/** containsJsx(fn) || usesThis(fn), skipping the walks the file's traits make pointless. */
function jsxOrThis(fn: Node, traits: FileTraits): boolean {
  return (traits.jsx && containsJsx(fn)) || (traits.self && usesThis(fn));
}

/** Values named like classes by convention: components, constructors, factories' products. */
function classLikeValue(value: Node | undefined, source: string, traits: FileTraits): boolean {
  // `require('tree-sitter') as typeof Parser` is the class the call returns.
  while (value && TYPE_WRAPPERS.has(value.type)) value = skipParens(value.children.find((c) => c.named));
  if (!value) return false;
  if (value.type === 'arrow_function' || value.type === 'function_expression' || value.type === 'function') return jsxOrThis(value, traits);
  if (value.type === 'class') return true;
  const target = value.type === 'call_expression' ? fieldChild(value, 'function') : value;
  if (!target || (target.type !== 'identifier' && target.type !== 'member_expression')) return false;
  const segments = textOf(target, source).split('.');
  const last = segments[segments.length - 1]!;
  if (value.type === 'call_expression' && (CLASS_LIKE_FACTORIES.test(last) || CLASS_LIKE_FACTORIES.test(segments[0]!))) return true;
  return /^[A-Z]/.test(last);
}

function isModuleLevel(declaration: Node): boolean {
  const parent = declaration.parent;
  return parent?.type === 'program' || (parent?.type === 'export_statement' && parent.parent?.type === 'program');
}

function declaratorNames(declarator: Node, source: string, traits: FileTraits, out: DeclaredName[]): void {
  const pattern = fieldChild(declarator, 'name');
  const declaration = declarator.parent!;
  const value = skipParens(fieldChild(declarator, 'value'));
  const isConst = textOf(declaration, source).startsWith('const');
  const inLoopHead = LOOP_HEADS.has(declaration.parent?.type ?? '');
  if (pattern?.type === 'identifier') {
    const fn = value !== undefined && (value.type === 'arrow_function' || value.type === 'function_expression' || value.type === 'function');
    const kind: NameKind = fn ? 'function' : isConst && isModuleLevel(declaration) ? 'constant' : 'variable';
    // UPPER_CASE marks a constant: any const may use it (typescript-eslint's usual variable format).
    out.push({ name: textOf(pattern, source), kind, range: rangeOf(pattern), pascalAllowed: classLikeValue(value, source, traits), upperAllowed: isConst, shortAllowed: inLoopHead });
    return;
  }
  if (pattern) patternNames(pattern, source, 'variable', inLoopHead, out);
}

/** Names chosen in a pattern: array elements and renamed object properties (`{ a: chosen }`). */
function patternNames(pattern: Node, source: string, kind: NameKind, shortAllowed: boolean, out: DeclaredName[]): void {
  walk(pattern, (n) => {
    if (n.type === 'object_pattern' || n.type === 'array_pattern' || n.type === 'rest_pattern') return undefined;
    if (n.type === 'pair_pattern') {
      const value = fieldChild(n, 'value');
      if (value?.type === 'identifier') out.push({ name: textOf(value, source), kind, range: rangeOf(value), pascalAllowed: true, upperAllowed: false, shortAllowed });
      else if (value) patternNames(value, source, kind, shortAllowed, out);
      return false;
    }
    const bound = n.parent?.type === 'array_pattern' || n.parent?.type === 'rest_pattern' || (n.parent?.type === 'assignment_pattern' && n.field === 'left');
    if (n.type === 'identifier' && bound) {
      out.push({ name: textOf(n, source), kind, range: rangeOf(n), pascalAllowed: false, upperAllowed: false, shortAllowed });
    }
    return n === pattern;
  });
}

function parameterNames(fn: Node, source: string, out: DeclaredName[]): void {
  const lambda = fn.type === 'arrow_function' || fn.parent?.type === 'arguments';
  const single = fieldChild(fn, 'parameter');
  if (single?.type === 'identifier') out.push({ name: textOf(single, source), kind: 'parameter', range: rangeOf(single), pascalAllowed: false, upperAllowed: false, shortAllowed: true });
  for (const p of fieldChild(fn, 'parameters')?.children ?? []) {
    const pattern = fieldChild(p, 'pattern');
    if (!pattern || pattern.type === 'this') continue;
    if (pattern.type === 'identifier') out.push({ name: textOf(pattern, source), kind: 'parameter', range: rangeOf(pattern), pascalAllowed: false, upperAllowed: false, shortAllowed: lambda });
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

function declaredBy(node: Node, source: string, traits: FileTraits, out: DeclaredName[]): void {
  if (node.type === 'variable_declarator') declaratorNames(node, source, traits, out);
  if (isFunction(node)) parameterNames(node, source, out);
  if (node.type === 'function_declaration' || node.type === 'generator_function_declaration') {
    const name = fieldChild(node, 'name')!;
    const text = textOf(name, source);
    out.push({ name: text, kind: 'function', range: rangeOf(name), pascalAllowed: jsxOrThis(node, traits), upperAllowed: HTTP_METHOD_HANDLER.test(text), shortAllowed: false });
  }
  if (TYPE_DECLARATIONS.has(node.type)) {
    const name = fieldChild(node, 'name');
    if (name) out.push({ name: textOf(name, source), kind: 'type', range: rangeOf(name), pascalAllowed: true, upperAllowed: false, shortAllowed: false });
  }
  if (node.type === 'enum_body') {
    for (const m of node.children) {
      const id = m.type === 'property_identifier' ? m : m.type === 'enum_assignment' ? fieldChild(m, 'name') ?? m.children[0] : undefined;
      if (id?.type === 'property_identifier') out.push({ name: textOf(id, source), kind: 'enumMember', range: rangeOf(id), pascalAllowed: true, upperAllowed: true, shortAllowed: false });
    }
  }
  if (node.type === 'method_definition' && node.parent?.type === 'class_body') memberName(node, source, 'method', out);
  if (node.type === 'public_field_definition') memberName(node, source, 'field', out);
  if (node.type === 'catch_clause') {
    const p = fieldChild(node, 'parameter');
    if (p?.type === 'identifier') out.push({ name: textOf(p, source), kind: 'variable', range: rangeOf(p), pascalAllowed: false, upperAllowed: false, shortAllowed: true });
  }
  if (node.type === 'for_in_statement') {
    const left = fieldChild(node, 'left');
    if (left?.type === 'identifier') out.push({ name: textOf(left, source), kind: 'variable', range: rangeOf(left), pascalAllowed: false, upperAllowed: false, shortAllowed: true });
    else if (left) patternNames(left, source, 'variable', true, out);
  }
}

/** The node types declaredBy looks at: any other node is only walked through. */
const DECLARING = new Set([
  'variable_declarator', ...FUNCTION_TYPES, ...TYPE_DECLARATIONS, 'enum_body', 'public_field_definition', 'catch_clause', 'for_in_statement',
]);

/** `root`: a file's root (its node index says whether the file has JSX or `this` at all). */
export function declaredNames(root: Node, source: string): DeclaredName[] {
  const out: DeclaredName[] = [];
  const traits = traitsOf(root);
  // Depth-first in source order with an explicit stack, as walk() but without a callback per node.
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // Ambient declarations describe someone else's code.
    if (node.type === 'ambient_declaration') continue;
    if (DECLARING.has(node.type)) declaredBy(node, source, traits, out);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}
