/**
 * What a CommonJS file requires and exports, and whether it can become an ES module: only top-level
 * `const x = require('lit')` / `const { a, b: c } = require('lit')` / `require('lit');`, and top-level
 * `module.exports = ...` or `exports.name = ...` assignments. Anything else that touches `require`,
 * `module` or `exports` (a conditional or dynamic require, `require.resolve`, reading `exports.x`,
 * top-level `this`) keeps the file CommonJS and is reported.
 */
import type { ASTPath, Collection, JSCodeshift } from 'jscodeshift';
import { lineOf } from './codemod.js';

type AnyNode = { type: string; [key: string]: unknown };

export interface RequireSite {
  statement: AnyNode;
  specifier: string;
  /** null: a bare `require('x');` */
  binding: { kind: 'name'; name: string } | { kind: 'names'; pairs: { imported: string; local: string }[] } | null;
}

export type ExportShape =
  | { kind: 'none' }
  | { kind: 'default'; statement: AnyNode }
  | { kind: 'named'; names: { exported: string; statement: AnyNode; value: AnyNode }[]; objectStatement?: AnyNode };

export interface CjsModule {
  file: string;
  requires: RequireSite[];
  exports: ExportShape;
  /** Why the file must stay CommonJS (empty: it can be converted). */
  blockers: string[];
  usesDirname: boolean;
  alreadyEsm: boolean;
  /** Literal specifiers of requires that are not top-level declarations (conditional, nested). */
  otherRequires: string[];
}

export function analyseCjs(j: JSCodeshift, root: Collection, file: string): CjsModule {
  const program = root.find(j.Program).get().node as AnyNode;
  const body = program.body as AnyNode[];
  const info: CjsModule = {
    file,
    requires: [],
    exports: { kind: 'none' },
    blockers: [],
    usesDirname: false,
    alreadyEsm: false,
    otherRequires: [],
  };
  info.alreadyEsm = body.some((s) => s.type === 'ImportDeclaration' || s.type.startsWith('Export'));
  const handled = new Set<AnyNode>();
  for (const statement of body) {
    const site = requireSite(statement);
    if (site) {
      info.requires.push(site);
      handled.add(statement);
    }
  }
  info.exports = exportShape(body, handled, info.blockers);
  checkFreeUses(j, root, handled, info);
  return info;
}

function isRequireCall(node: AnyNode | null | undefined): node is AnyNode {
  if (node?.type !== 'CallExpression') return false;
  const callee = node.callee as AnyNode;
  const args = node.arguments as AnyNode[];
  return (
    callee.type === 'Identifier' &&
    callee.name === 'require' &&
    args.length === 1 &&
    typeof args[0]!.value === 'string' &&
    args[0]!.type !== 'TemplateLiteral'
  );
}

function requireSite(statement: AnyNode): RequireSite | null {
  if (statement.type === 'ExpressionStatement' && isRequireCall(statement.expression as AnyNode)) {
    return { statement, specifier: specifierOf(statement.expression as AnyNode), binding: null };
  }
  if (statement.type !== 'VariableDeclaration' || (statement.declarations as AnyNode[]).length !== 1) return null;
  const declarator = (statement.declarations as AnyNode[])[0]!;
  if (!isRequireCall(declarator.init as AnyNode)) return null;
  const id = declarator.id as AnyNode;
  const specifier = specifierOf(declarator.init as AnyNode);
  if (id.type === 'Identifier') return { statement, specifier, binding: { kind: 'name', name: id.name as string } };
  if (id.type !== 'ObjectPattern') return null;
  const pairs: { imported: string; local: string }[] = [];
  for (const p of id.properties as AnyNode[]) {
    const key = p.key as AnyNode | undefined;
    const value = p.value as AnyNode | undefined;
    if ((p.type !== 'ObjectProperty' && p.type !== 'Property') || p.computed || key?.type !== 'Identifier' || value?.type !== 'Identifier')
      return null;
    pairs.push({ imported: key.name as string, local: value.name as string });
  }
  return { statement, specifier, binding: { kind: 'names', pairs } };
}

function specifierOf(call: AnyNode): string {
  return (call.arguments as AnyNode[])[0]!.value as string;
}

/** `module.exports` or `exports` (a MemberExpression chain root), or null. */
function exportsTarget(node: AnyNode): 'module.exports' | 'exports' | null {
  if (node.type === 'Identifier' && node.name === 'exports') return 'exports';
  if (
    node.type === 'MemberExpression' &&
    !node.computed &&
    (node.object as AnyNode).type === 'Identifier' &&
    (node.object as AnyNode).name === 'module' &&
    (node.property as AnyNode).name === 'exports'
  )
    return 'module.exports';
  return null;
}

function exportShape(body: AnyNode[], handled: Set<AnyNode>, blockers: string[]): ExportShape {
  let whole: AnyNode | null = null;
  const named: { exported: string; statement: AnyNode; value: AnyNode }[] = [];
  for (const statement of body) {
    const expression = statement.type === 'ExpressionStatement' ? (statement.expression as AnyNode) : null;
    if (expression?.type !== 'AssignmentExpression' || expression.operator !== '=') continue;
    const left = expression.left as AnyNode;
    // Only the assignment target is handled: the value may itself read `exports.x` (a sibling export),
    // which an ES module has no object for, so such a read must still block the conversion.
    if (exportsTarget(left) === 'module.exports') {
      whole = statement;
      handled.add(left);
    } else if (left.type === 'MemberExpression' && !left.computed && exportsTarget(left.object as AnyNode)) {
      named.push({ exported: (left.property as AnyNode).name as string, statement, value: expression.right as AnyNode });
      handled.add(left);
    }
  }
  if (whole && named.length > 0) {
    blockers.push(`line ${lineOf(whole)}: assigns module.exports and also adds properties to it`);
    return { kind: 'none' };
  }
  if (whole) return objectExports(whole) ?? { kind: 'default', statement: whole };
  return named.length > 0 ? { kind: 'named', names: named } : { kind: 'none' };
}

/** `module.exports = { a, b: c }` with identifier values only: named exports. */
function objectExports(statement: AnyNode): ExportShape | null {
  const value = (statement.expression as AnyNode).right as AnyNode;
  if (value.type !== 'ObjectExpression') return null;
  const names: { exported: string; statement: AnyNode; value: AnyNode }[] = [];
  for (const p of value.properties as AnyNode[]) {
    const key = p.key as AnyNode | undefined;
    const v = p.value as AnyNode | undefined;
    if ((p.type !== 'ObjectProperty' && p.type !== 'Property') || p.computed || key?.type !== 'Identifier' || v?.type !== 'Identifier')
      return null;
    names.push({ exported: key.name as string, statement, value: v });
  }
  return { kind: 'named', names, objectStatement: statement };
}

/** Uses of require/module/exports/this outside the handled statements, and of __dirname/__filename. */
function checkFreeUses(j: JSCodeshift, root: Collection, handled: Set<AnyNode>, info: CjsModule): void {
  const inHandled = (path: ASTPath): boolean => {
    for (let p: ASTPath | null = path; p; p = p.parent as ASTPath | null) if (handled.has(p.node as unknown as AnyNode)) return true;
    return false;
  };
  root.find(j.Identifier).forEach((path: ASTPath) => {
    const name = (path.node as unknown as AnyNode).name as string;
    if (!['require', 'module', 'exports', '__dirname', '__filename'].includes(name)) return;
    const parent = path.parent.node as AnyNode;
    if (
      (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') &&
      parent.property === path.node &&
      !parent.computed
    )
      return;
    if (
      (parent.type === 'ObjectProperty' || parent.type === 'Property') &&
      parent.key === path.node &&
      !parent.computed &&
      parent.value !== path.node
    )
      return;
    if (path.scope?.lookup(name)) return;
    if (name === '__dirname' || name === '__filename') {
      info.usesDirname = true;
      return;
    }
    if (inHandled(path)) return;
    info.blockers.push(`line ${lineOf(path.node)}: ${describeUse(name, parent)}`);
    const arg = name === 'require' && parent.type === 'CallExpression' ? (parent.arguments as AnyNode[])[0] : undefined;
    if (typeof arg?.value === 'string') info.otherRequires.push(arg.value as string);
  });
  root.find(j.ThisExpression).forEach((path: ASTPath) => {
    if (path.scope?.isGlobal && !insideClass(path))
      info.blockers.push(`line ${lineOf(path.node)}: top-level this is module.exports in CommonJS and undefined in a module`);
  });
}

function insideClass(path: ASTPath): boolean {
  for (let p: ASTPath | null = path; p; p = p.parent as ASTPath | null) if (/^Class/.test((p.node as unknown as AnyNode).type)) return true;
  return false;
}

function describeUse(name: string, parent: AnyNode): string {
  if (name === 'require' && parent.type === 'CallExpression') {
    const arg = (parent.arguments as AnyNode[])[0];
    return typeof arg?.value === 'string'
      ? `require("${arg.value as string}") is conditional or not a top-level declaration`
      : 'a dynamic require (computed module name)';
  }
  if ((name === 'exports' || name === 'module') && parent.type === 'MemberExpression')
    return `reads ${name === 'module' ? 'module.exports' : 'exports'} (an ES module has no exports object to read back)`;
  return `"${name}" is used in a way an ES module cannot express`;
}
