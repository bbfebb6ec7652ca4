/**
 * Which symbol a rename means: identifiers named `symbol` (on the given line/column, in the given
 * file, or declarations anywhere in the project), resolved through same-name imports to the symbol
 * they name. Exactly one symbol must remain; otherwise the refusal lists the candidates, or offers
 * close names when nothing matched.
 */
import { ts, type SourceFile } from 'ts-morph';
import type { LoadedProject } from '../ts-project/load-project.js';
import { refuse } from '../ts-project/refusal.js';
import { offsetOf, requireSourceFile, where } from '../ts-project/positions.js';
import { closeNames } from '../ts-project/identifiers.js';
import { identifiersNamed, isDeclarationName, isProjectFile, resolveNamedSymbol, splitDeclarations } from '../ts-project/declarations.js';
import type { SymbolRenameInput } from './input.js';

export interface RenameTarget {
  symbol: ts.Symbol;
  /** The project declaration the rename starts from. */
  declaration: ts.Declaration;
  /** Position of its name, for the language service. */
  namePos: number;
  fileName: string;
}

export function findTarget(loaded: LoadedProject, input: SymbolRenameInput): RenameTarget {
  const checker = loaded.project.getTypeChecker().compilerObject;
  const ids = candidateIdentifiers(loaded, input);
  const symbols = new Map<ts.Symbol, ts.Identifier>();
  for (const id of ids) {
    const resolved = resolveNamedSymbol(checker, id);
    if (!resolved) continue;
    if (resolved.fromDependency) throw refuseDependency(input.symbol, id);
    if (!symbols.has(resolved.symbol)) symbols.set(resolved.symbol, id);
  }
  if (symbols.size === 0) throw notFound(loaded, input);
  if (symbols.size > 1) throw ambiguous(loaded, input, [...symbols.keys()]);
  const [[symbol, id]] = [...symbols];
  const { own, foreign } = splitDeclarations(loaded.project, loaded.originals, symbol!);
  if (own.length === 0) throw refuseDependency(input.symbol, id!, foreign[0]);
  const declaration = own[0]!;
  const name = ts.getNameOfDeclaration(declaration) ?? declaration;
  return { symbol: symbol!, declaration, namePos: name.getStart(), fileName: declaration.getSourceFile().fileName };
}

function candidateIdentifiers(loaded: LoadedProject, input: SymbolRenameInput): ts.Identifier[] {
  if (input.file === undefined) {
    if (input.line !== undefined) throw refuse(`A line was given for "${input.symbol}" without a file; pass "file" with "line".`);
    return projectFiles(loaded).flatMap((file) => identifiersNamed(file, input.symbol).filter(isDeclarationName));
  }
  const file = requireSourceFile(loaded.project, input.file);
  const all = identifiersNamed(file, input.symbol);
  if (input.line === undefined) {
    const declared = all.filter(isDeclarationName);
    return declared.length > 0 ? declared : all;
  }
  const lineStart = offsetOf(file, input.line, 1);
  const lineEnd = input.line < file.getEndLineNumber() ? offsetOf(file, input.line + 1, 1) : file.getEnd();
  const onLine = all.filter((id) => id.getStart() >= lineStart && id.getStart() < lineEnd);
  if (input.column === undefined) return onLine;
  const pos = offsetOf(file, input.line, input.column);
  return onLine.filter((id) => id.getStart() <= pos && pos <= id.getEnd());
}

function projectFiles(loaded: LoadedProject): SourceFile[] {
  return loaded.project.getSourceFiles().filter((file) => isProjectFile(loaded.project, loaded.originals, file.getFilePath()));
}

function refuseDependency(name: string, id: ts.Identifier, declaration?: ts.Declaration) {
  const from = declaration ? ` (declared in "${declaration.getSourceFile().fileName.replace(/^\/+/, '')}")` : '';
  return refuse(
    `"${name}" is declared in the TypeScript library or a dependency${from}, not in this project; rename only symbols the project declares, or alias the import (import { ${id.text} as newName }).`,
  );
}

function ambiguous(loaded: LoadedProject, input: SymbolRenameInput, symbols: ts.Symbol[]) {
  const candidates = symbols.map((symbol) => {
    const declaration = splitDeclarations(loaded.project, loaded.originals, symbol).own[0] ?? symbol.declarations?.[0];
    if (!declaration) return `${symbol.name} (no declaration)`;
    const file = loaded.project.getSourceFileOrThrow(declaration.getSourceFile().fileName);
    return `${ts.SyntaxKind[declaration.kind]} at ${where(file, declaration.getStart())}`;
  });
  return refuse(
    `"${input.symbol}" is ambiguous: ${symbols.length} declarations match (${candidates.join(', ')}); pass "file" and "line" (and "column") of the one to rename.`,
  );
}

function notFound(loaded: LoadedProject, input: SymbolRenameInput) {
  const scope = input.file ? [requireSourceFile(loaded.project, input.file)] : projectFiles(loaded);
  const names = scope.flatMap((file) => declaredNames(file));
  const close = closeNames(input.symbol, names);
  const hint = close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(', ')}?` : ' Check the spelling, the file and the line.';
  const place = input.file ? ` in "${input.file}"${input.line ? ` at line ${input.line}` : ''}` : ' in the project';
  return refuse(`Symbol "${input.symbol}" was not found${place}.${hint}`);
}

function declaredNames(file: SourceFile): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && isDeclarationName(node)) names.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file.compilerNode);
  return names;
}
