/** The lexical scope a declaration lives in: where its name is visible and where a new name could clash. */
import { ts } from 'ts-morph';

const isBlockScope = (node: ts.Node): boolean =>
  ts.isBlock(node) ||
  ts.isSourceFile(node) ||
  ts.isModuleBlock(node) ||
  ts.isCaseBlock(node) ||
  ts.isCatchClause(node) ||
  ts.isForStatement(node) ||
  ts.isForInStatement(node) ||
  ts.isForOfStatement(node) ||
  ts.isFunctionLike(node) ||
  ts.isClassLike(node);

const isFunctionScope = (node: ts.Node): boolean => ts.isFunctionLike(node) || ts.isSourceFile(node) || ts.isModuleBlock(node);

export function scopeOf(declaration: ts.Node): ts.Node {
  let node: ts.Node = declaration;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) node = node.parent;
  if (ts.isParameter(node) || ts.isTypeParameterDeclaration(node)) return node.parent;
  if (ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node) || ts.isImportEqualsDeclaration(node))
    return node.getSourceFile();
  if (ts.isVariableDeclaration(node)) {
    const list = node.parent;
    const isVar = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.BlockScoped) === 0;
    return climb(list.parent ?? list, isVar ? isFunctionScope : isBlockScope, true);
  }
  // Named function/class expressions are visible inside themselves only.
  if ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name) return node;
  return climb(node.parent ?? node, isBlockScope, true);
}

function climb(start: ts.Node, accept: (node: ts.Node) => boolean, inclusive: boolean): ts.Node {
  let node: ts.Node | undefined = inclusive ? start : start.parent;
  while (node && !accept(node)) node = node.parent;
  return node ?? start.getSourceFile();
}

export function contains(outer: ts.Node, inner: ts.Node): boolean {
  return outer.getSourceFile() === inner.getSourceFile() && outer.pos <= inner.pos && inner.end <= outer.end;
}
