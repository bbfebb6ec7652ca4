/**
 * Walking identifiers and telling where a symbol is declared: in the project (renamable, movable) or
 * in the TypeScript library / a dependency (not ours to change).
 */
import { ts, type Project, type SourceFile } from 'ts-morph';
import { toWorkspacePath } from './load-project.js';

/** Every identifier of a file named `name` (a cheap text test skips files that cannot hold one). */
export function identifiersNamed(file: SourceFile, name: string): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  if (!file.getFullText().includes(name)) return found;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file.compilerNode);
  return found;
}

/** True when `id` is the name of its parent declaration (not a reference). */
export function isDeclarationName(id: ts.Identifier): boolean {
  const parent = id.parent;
  // `O.isFrozen(x)` names no declaration (getNameOfDeclaration answers for any property access, for
  // JavaScript's `obj.x = …` expando declarations): only an assignment target counts.
  if (
    parent &&
    ts.isPropertyAccessExpression(parent) &&
    !(
      ts.isBinaryExpression(parent.parent) &&
      parent.parent.left === parent &&
      parent.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
    )
  )
    return false;
  return parent !== undefined && ts.getNameOfDeclaration(parent as ts.Declaration) === id;
}

/** The project files a loaded project owns (not lib files, not anything under node_modules). */
export function isProjectFile(project: Project, originals: Map<string, string>, fileName: string): boolean {
  const rel = toWorkspacePath(fileName);
  return originals.has(rel) && !rel.split('/').includes('node_modules') && project.getSourceFile(fileName) !== undefined;
}

export interface ResolvedSymbol {
  symbol: ts.Symbol;
  /** The name comes from a module the project does not hold (a dependency, or one that does not resolve). */
  fromDependency: boolean;
}

/**
 * The symbol an identifier names, following an import/export alias when it keeps the name (so
 * `import { foo }` leads to foo's declaration, but `import { foo as bar }` stays the local `bar`).
 */
export function resolveNamedSymbol(checker: ts.TypeChecker, id: ts.Identifier): ResolvedSymbol | undefined {
  let symbol = checker.getSymbolAtLocation(id);
  if (ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id)
    symbol = checker.getShorthandAssignmentValueSymbol(id.parent) ?? symbol;
  while (symbol && symbol.flags & ts.SymbolFlags.Alias && keepsName(symbol)) {
    const aliased = checker.getImmediateAliasedSymbol(symbol);
    if (!aliased || !aliased.declarations?.length) return { symbol, fromDependency: true };
    symbol = aliased;
  }
  return symbol ? { symbol, fromDependency: false } : undefined;
}

/** An import/export specifier that binds the same name it imports (`{ foo }`, not `{ foo as bar }`). */
function keepsName(alias: ts.Symbol): boolean {
  const declaration = alias.declarations?.[0];
  if (!declaration || !(ts.isImportSpecifier(declaration) || ts.isExportSpecifier(declaration))) return false;
  return !declaration.propertyName || declaration.propertyName.getText() === declaration.name.getText();
}

/** Declarations of a symbol, split by whether the project owns them. */
export function splitDeclarations(
  project: Project,
  originals: Map<string, string>,
  symbol: ts.Symbol,
): { own: ts.Declaration[]; foreign: ts.Declaration[] } {
  const own: ts.Declaration[] = [];
  const foreign: ts.Declaration[] = [];
  for (const declaration of symbol.declarations ?? []) {
    (isProjectFile(project, originals, declaration.getSourceFile().fileName) ? own : foreign).push(declaration);
  }
  return { own, foreign };
}
