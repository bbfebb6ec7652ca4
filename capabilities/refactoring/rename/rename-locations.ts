/**
 * Where the rename writes, from the language service's findRenameLocations. Asked without
 * prefix/suffix text, TypeScript follows the symbol through re-exports and every importer (a project
 * rename, not an API-preserving one). Shorthand properties and shorthand destructuring are then
 * written out so the object shape is kept: renaming the variable in `{ name }` gives
 * `{ name: newName }`, renaming the property gives `{ newName: name }`. Without prefix/suffix text
 * TypeScript also follows a shorthand to the symbol on its other side (the destructured local's
 * uses, or the literal's property); those sites are dropped, since the written-out shorthand keeps
 * the other side's name.
 */
import { ts, type Project } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import type { RenameTarget } from './find-target.js';

export interface RenameSite {
  fileName: string;
  start: number;
  length: number;
  newText: string;
  /** The identifier (or string literal) renamed. */
  node: ts.Node;
}

export function renameSites(project: Project, target: RenameTarget, newName: string): RenameSite[] {
  const service = project.getLanguageService().compilerObject;
  const info = service.getRenameInfo(target.fileName, target.namePos, { allowRenameOfImportPath: false });
  if (!info.canRename)
    throw refuse(`"${target.symbol.name}" cannot be renamed: ${info.localizedErrorMessage}; rename a symbol the project declares.`);
  const locations =
    service.findRenameLocations(target.fileName, target.namePos, false, false, { providePrefixAndSuffixTextForRename: false }) ?? [];
  const program = project.getProgram().compilerObject;
  const renamesProperty = isMemberLike(target.symbol);
  const sites = locations.map((location) => {
    const file = program.getSourceFile(location.fileName)!;
    const node = nodeAt(file, location.textSpan.start);
    return {
      fileName: location.fileName,
      start: location.textSpan.start,
      length: location.textSpan.length,
      node,
      newText: textFor(node, newName, renamesProperty),
    };
  });
  const checker = program.getTypeChecker();
  const otherSide = new Set(
    sites.filter((site) => isShorthand(site.node)).map((site) => otherSideSymbol(checker, site.node, renamesProperty)),
  );
  otherSide.delete(undefined);
  otherSide.delete(target.symbol);
  if (otherSide.size === 0) return sites;
  return sites.filter((site) => isShorthand(site.node) || !otherSide.has(checker.getSymbolAtLocation(site.node)));
}

/** The symbol a shorthand also names besides the one being renamed. */
function otherSideSymbol(checker: ts.TypeChecker, node: ts.Node, renamesProperty: boolean): ts.Symbol | undefined {
  const parent = node.parent;
  if (ts.isShorthandPropertyAssignment(parent)) {
    return renamesProperty ? checker.getShorthandAssignmentValueSymbol(parent) : checker.getSymbolAtLocation(node);
  }
  if (ts.isBindingElement(parent) && ts.isIdentifier(node)) {
    return renamesProperty ? checker.getSymbolAtLocation(node) : checker.getTypeAtLocation(parent.parent).getProperty(node.text);
  }
  return undefined;
}

function isShorthand(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  return (
    (ts.isShorthandPropertyAssignment(parent) && parent.name === node) ||
    (ts.isBindingElement(parent) && parent.name === node && !parent.propertyName && ts.isObjectBindingPattern(parent.parent))
  );
}

/** Properties, methods, accessors and enum members: renamed through their owner's type, not a scope. */
export function isMemberLike(symbol: ts.Symbol): boolean {
  return (
    (symbol.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.Method | ts.SymbolFlags.Accessor | ts.SymbolFlags.EnumMember)) !== 0 &&
    !(symbol.flags & ts.SymbolFlags.Variable)
  );
}

function textFor(node: ts.Node, newName: string, renamesProperty: boolean): string {
  if (!isShorthand(node) || !ts.isIdentifier(node)) return newName;
  return renamesProperty ? `${newName}: ${node.text}` : `${node.text}: ${newName}`;
}

function nodeAt(file: ts.SourceFile, pos: number): ts.Node {
  let found: ts.Node = file;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= pos && pos < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(file, visit);
  return found;
}
