/**
 * Name collisions a rename would cause, each named with its declaration:
 * - a member: the owner type already has a member of the new name;
 * - a module export: a touched module already exports the new name;
 * - a lexical name, at each renamed reference: a declaration of the new name in scope there that is
 *   declared in the same scope as the target (redeclaration) or nested inside it (it would capture the
 *   reference), or an outer one that is used where the renamed symbol would now shadow it.
 */
import { ts, type Project } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import type { RenameTarget } from './find-target.js';
import { isMemberLike, type RenameSite } from './rename-locations.js';
import { contains, scopeOf } from './scopes.js';

export function assertNoCollision(project: Project, target: RenameTarget, sites: RenameSite[], newName: string): void {
  const checker = project.getTypeChecker().compilerObject;
  if (isMemberLike(target.symbol)) return checkMember(checker, target, newName);
  checkExports(checker, sites, target, newName);
  const meaning = meaningOf(target.symbol);
  const targetScope = scopeOf(target.declaration);
  for (const site of sites) {
    if (!isLexicalReference(site.node)) continue;
    const scope = site.node.getSourceFile() === targetScope.getSourceFile() ? targetScope : site.node.getSourceFile();
    for (const other of checker.getSymbolsInScope(site.node, meaning)) {
      if (other.name !== newName || other === target.symbol) continue;
      const declaration = other.declarations?.[0];
      if (!declaration) continue;
      const otherScope = scopeOf(declaration);
      const clash = otherScope === scope || contains(scope, declaration) || usedWithin(checker, scope, other, newName);
      if (clash) throw collision(target, newName, declaration);
    }
  }
}

function checkMember(checker: ts.TypeChecker, target: RenameTarget, newName: string): void {
  const owner = target.declaration.parent;
  const existing = owner ? memberDeclaration(checker, owner, newName) : undefined;
  if (existing) throw collision(target, newName, existing);
}

/** The declaration of member `name` of a class (instance or static side), interface, object/type literal or enum. */
function memberDeclaration(checker: ts.TypeChecker, owner: ts.Node, name: string): ts.Node | undefined {
  if (ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner)) {
    const instance = checker.getTypeAtLocation(owner).getProperty(name)?.declarations?.[0];
    if (instance) return instance;
    const classSymbol = ts.isClassLike(owner) && owner.name ? checker.getSymbolAtLocation(owner.name) : undefined;
    return classSymbol ? checker.getTypeOfSymbolAtLocation(classSymbol, owner).getProperty(name)?.declarations?.[0] : undefined;
  }
  const members: readonly ts.Node[] = ts.isObjectLiteralExpression(owner)
    ? owner.properties
    : ts.isTypeLiteralNode(owner)
      ? owner.members
      : ts.isEnumDeclaration(owner)
        ? owner.members
        : [];
  return members.find((member) => {
    const memberName = ts.getNameOfDeclaration(member as ts.Declaration);
    return memberName !== undefined && (ts.isIdentifier(memberName) || ts.isStringLiteral(memberName)) && memberName.text === name;
  });
}

/** A module that exports the target must not already export the new name. */
function checkExports(checker: ts.TypeChecker, sites: RenameSite[], target: RenameTarget, newName: string): void {
  const files = new Set(sites.map((site) => site.node.getSourceFile()));
  for (const file of files) {
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    const exports = checker.getExportsOfModule(moduleSymbol);
    const exportsTarget = exports.some((symbol) => symbol.name === target.symbol.name && resolve(checker, symbol) === target.symbol);
    const existing = exports.find((symbol) => symbol.name === newName);
    if (exportsTarget && existing) throw collision(target, newName, existing.declarations?.[0] ?? file);
  }
}

function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Whether `other` is referenced inside `scope` (so a new declaration of its name there would shadow it). */
function usedWithin(checker: ts.TypeChecker, scope: ts.Node, other: ts.Symbol, name: string): boolean {
  let used = false;
  const visit = (node: ts.Node): void => {
    if (used) return;
    if (ts.isIdentifier(node) && node.text === name && checker.getSymbolAtLocation(node) === other) used = true;
    else ts.forEachChild(node, visit);
  };
  visit(scope);
  return used;
}

function isLexicalReference(node: ts.Node): boolean {
  const parent = node.parent;
  if (!ts.isIdentifier(node) || !parent) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if ((ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) && parent.propertyName === node) return false;
  if (ts.isExportSpecifier(parent) && parent.parent.parent.moduleSpecifier) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  return true;
}

function meaningOf(symbol: ts.Symbol): ts.SymbolFlags {
  let meaning = ts.SymbolFlags.Alias;
  if (symbol.flags & ts.SymbolFlags.Value) meaning |= ts.SymbolFlags.Value;
  if (symbol.flags & ts.SymbolFlags.Type) meaning |= ts.SymbolFlags.Type;
  if (symbol.flags & ts.SymbolFlags.Namespace) meaning |= ts.SymbolFlags.Namespace;
  return meaning;
}

function collision(target: RenameTarget, newName: string, declaration: ts.Node) {
  const file = declaration.getSourceFile();
  const line = file.getLineAndCharacterOfPosition(declaration.getStart(file)).line + 1;
  return refuse(
    `Renaming "${target.symbol.name}" to "${newName}" would collide with the existing declaration of "${newName}" at ${file.fileName.replace(/^\/+/, '')}:${line}; pick another name.`,
  );
}
