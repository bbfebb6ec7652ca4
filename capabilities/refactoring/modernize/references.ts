/**
 * Which identifiers are variable references, and which of those write the variable. ast-types gives
 * function-level scopes (block-scoped names are merged into their function), which errs on the side
 * of seeing more references, never fewer: every rule built on this skips rather than guesses.
 */
import type { ASTPath, Collection, JSCodeshift } from 'jscodeshift';

type AnyNode = { type: string; [key: string]: unknown };

const NON_REFERENCE_KEYS: Record<string, string[]> = {
  MemberExpression: ['property'],
  OptionalMemberExpression: ['property'],
  Property: ['key'],
  ObjectProperty: ['key'],
  ObjectMethod: ['key'],
  ClassMethod: ['key'],
  ClassPrivateMethod: ['key'],
  ClassProperty: ['key'],
  ClassPrivateProperty: ['key'],
  MethodDefinition: ['key'],
  PropertyDefinition: ['key'],
  TSPropertySignature: ['key'],
  TSMethodSignature: ['key'],
  LabeledStatement: ['label'],
  BreakStatement: ['label'],
  ContinueStatement: ['label'],
  ExportSpecifier: ['exported'],
  ImportSpecifier: ['imported'],
  MetaProperty: ['meta', 'property'],
  TSQualifiedName: ['right'],
  TSEnumMember: ['id'],
};

/** True when the identifier at `path` names a variable (read or written), not a property, label or type. */
export function isReference(path: ASTPath): boolean {
  const parent = path.parent?.node as AnyNode | undefined;
  if (!parent) return false;
  const keys = NON_REFERENCE_KEYS[parent.type];
  const isComputed = parent.computed === true;
  if (keys && !isComputed && keys.some((key) => parent[key] === path.node)) {
    // `{ a }` shorthand: the key is not a reference, the value (a separate node) is.
    return false;
  }
  if (
    parent.type.startsWith('TS') &&
    parent.type !== 'TSAsExpression' &&
    parent.type !== 'TSNonNullExpression' &&
    parent.type !== 'TSSatisfiesExpression' &&
    parent.type !== 'TSTypeAssertion'
  ) {
    return parent.type === 'TSExportAssignment' || parent.type === 'TSParameterProperty';
  }
  return true;
}

const PATTERN_LINKS = new Set(['ObjectPattern', 'ArrayPattern', 'RestElement', 'AssignmentPattern', 'ObjectProperty', 'Property']);

/** True when the reference at `path` is assigned: `x = `, `x += `, `x++`, `[x] = `, `for (x in o)`. */
export function isWrite(path: ASTPath): boolean {
  let child = path;
  let parent = path.parent as ASTPath | null;
  while (parent && PATTERN_LINKS.has((parent.node as AnyNode).type)) {
    const node = parent.node as AnyNode;
    // The default value of `{ a = x }` reads x; only the target side is written.
    if (node.type === 'AssignmentPattern' && node.right === child.node) return false;
    if ((node.type === 'ObjectProperty' || node.type === 'Property') && node.key === child.node && node.value !== child.node) return false;
    child = parent;
    parent = parent.parent as ASTPath | null;
  }
  if (!parent) return false;
  const node = parent.node as AnyNode;
  if (node.type === 'AssignmentExpression') return node.left === child.node;
  if (node.type === 'UpdateExpression') return true;
  if (node.type === 'ForInStatement' || node.type === 'ForOfStatement') return node.left === child.node;
  return false;
}

/**
 * Identifier paths under a scope's node by name, built with one walk per scope and reused for every
 * name asked about (a file with hundreds of `var`s would otherwise be walked once per name).
 */
export class ReferenceIndex {
  private readonly byScope = new Map<unknown, Map<string, ASTPath[]>>();

  constructor(private readonly j: JSCodeshift) {}

  /** Every reference (not the declarations themselves) to `name` that resolves to `scope`. */
  referencesTo(scopePath: ASTPath, name: string, scope: unknown): ASTPath[] {
    const candidates = this.index(scopePath).get(name) ?? [];
    return candidates.filter(
      (p) => (p.node.type === 'JSXIdentifier' ? isJsxReference(p) : isReference(p)) && p.scope?.lookup(name) === scope,
    );
  }

  private index(scopePath: ASTPath): Map<string, ASTPath[]> {
    let byName = this.byScope.get(scopePath.node);
    if (byName) return byName;
    byName = new Map();
    const add = (collection: Collection): void => {
      collection.forEach((p: ASTPath) => {
        const name = (p.node as unknown as { name: string }).name;
        byName!.set(name, [...(byName!.get(name) ?? []), p]);
      });
    };
    add(this.j(scopePath).find(this.j.Identifier));
    add(this.j(scopePath).find(this.j.JSXIdentifier));
    this.byScope.set(scopePath.node, byName);
    return byName;
  }
}

/** `<Foo />`, `</Foo>` and `<foo.Bar />` name a variable; attributes, member properties and intrinsic tags do not. */
function isJsxReference(path: ASTPath): boolean {
  const parent = path.parent?.node as AnyNode | undefined;
  const name = (path.node as unknown as { name: string }).name;
  if (!parent) return false;
  if (parent.type === 'JSXMemberExpression') return parent.object === path.node;
  if (parent.type === 'JSXOpeningElement' || parent.type === 'JSXClosingElement') return /^[A-Z_$]/.test(name);
  return false;
}

/** Every identifier name declared in a binding pattern (`a`, `{ b, c: d }`, `[e, ...f]`). */
export function patternNames(pattern: AnyNode | null | undefined): string[] {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name as string];
    case 'ObjectPattern':
      return (pattern.properties as AnyNode[]).flatMap((p) => patternNames((p.type === 'RestElement' ? p.argument : p.value) as AnyNode));
    case 'ArrayPattern':
      return (pattern.elements as (AnyNode | null)[]).flatMap((e) => patternNames(e));
    case 'RestElement':
      return patternNames(pattern.argument as AnyNode);
    case 'AssignmentPattern':
      return patternNames(pattern.left as AnyNode);
    default:
      return [];
  }
}

/** Start offset of a node (babel and the TS parser both set `start`). */
export function startOf(node: unknown): number {
  return (node as { start?: number }).start ?? -1;
}

export function endOf(node: unknown): number {
  return (node as { end?: number }).end ?? -1;
}
