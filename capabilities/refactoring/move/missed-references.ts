/**
 * What TypeScript's "Move to file" misses when the source module is augmented elsewhere
 * (`declare module '../vanilla' { interface StoreMutators … }` in zustand's middleware): the moved
 * declaration's uses of the source's other exports are not imported into the target, and importers of
 * the moved name are not rewritten. Both are settled here, and only where the service left them
 * undone, so a move it got right is unchanged:
 * - names the moved statements use that the source declares and exports, and the target does not bind,
 *   are imported from the source (`import type` when every declaration of the name is a type);
 * - a named import of the moved name from the source, still there after the service's edits, moves to
 *   an import from the target (the import's other names stay; an emptied import is replaced).
 * Endings, specifier style and type-only marking are settled afterwards like every gained import.
 */
import { ts } from 'ts-morph';
import { applyTextChanges, type FileEdits } from '../ts-project/file-edits.js';
import { resolveSpecifier, specifierFor } from '../ts-project/module-specifiers.js';
import { declaredNames } from './find-declaration.js';
import { boundNames, pointsAt, usedNames } from './import-fixes.js';
import { scriptKind } from './keep-original-text.js';

const parse = (path: string, text: string): ts.SourceFile =>
  ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));

const isExported = (statement: ts.Statement): boolean =>
  ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const isTypeOnlyDeclaration = (statement: ts.Statement): boolean =>
  ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);

/** The relative specifiers a file has, to write a new one like them (ending or none). */
function likeSpecifier(file: ts.SourceFile): string {
  for (const statement of file.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('.')
    )
      return statement.moduleSpecifier.text;
  }
  return '';
}

function quoteOf(file: ts.SourceFile): { quote: string; semicolon: string } {
  const first = file.statements.find(ts.isImportDeclaration);
  if (!first) return { quote: "'", semicolon: ';' };
  return { quote: file.text[first.moduleSpecifier.getStart(file)] ?? "'", semicolon: first.getText(file).endsWith(';') ? ';' : '' };
}

/** Imports into the target the source's exports the moved statements use and the target does not bind. */
export function carrySourceImports(edits: FileEdits, targetPath: string, source: ts.SourceFile, moved: readonly ts.Statement[]): number {
  const text = edits.get(targetPath);
  if (!text) return 0;
  const target = parse(targetPath, text);
  const bound = boundNames(target);
  const used = usedNames(moved);
  const types: string[] = [];
  const values: string[] = [];
  for (const name of [...used].sort()) {
    if (bound.has(name)) continue;
    const declarations = source.statements.filter((s) => !moved.includes(s) && declaredNames(s).includes(name));
    if (declarations.length === 0 || !declarations.some(isExported)) continue;
    (declarations.every(isTypeOnlyDeclaration) ? types : values).push(name);
  }
  if (types.length + values.length === 0) return 0;
  const changes: ts.TextChange[] = [];
  const lines: string[] = [];
  const { quote, semicolon } = quoteOf(target);
  const specifier = specifierFor(targetPath, source.fileName, likeSpecifier(target) || likeSpecifier(source));
  for (const [names, typeOnly] of [
    [values, false],
    [types, true],
  ] as const) {
    if (names.length === 0) continue;
    // Into the target's import of the source when it has one of the same kind (no second import of a module).
    const existing = target.statements.find(
      (s): s is ts.ImportDeclaration =>
        ts.isImportDeclaration(s) &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        pointsAt(targetPath, s.moduleSpecifier.text, source.fileName) &&
        s.importClause?.namedBindings !== undefined &&
        ts.isNamedImports(s.importClause.namedBindings) &&
        s.importClause.namedBindings.elements.length > 0 &&
        (s.importClause.isTypeOnly === typeOnly || (typeOnly && !s.importClause.isTypeOnly)),
    );
    if (existing) {
      const inline = typeOnly && !existing.importClause!.isTypeOnly ? 'type ' : '';
      const list = (existing.importClause!.namedBindings as ts.NamedImports).elements;
      changes.push({ span: { start: list.at(-1)!.end, length: 0 }, newText: names.map((name) => `, ${inline}${name}`).join('') });
    } else {
      lines.push(`import ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from ${quote}${specifier}${quote}${semicolon}`);
    }
  }
  if (lines.length > 0) {
    const lastImport = [...target.statements].reverse().find(ts.isImportDeclaration);
    changes.push(
      lastImport
        ? { span: { start: lastImport.end, length: 0 }, newText: lines.map((line) => `\n${line}`).join('') }
        : { span: { start: 0, length: 0 }, newText: `${lines.join('\n')}\n\n` },
    );
  }
  edits.set(targetPath, applyTextChanges(text, changes));
  return types.length + values.length;
}

/** Rewrites named imports of `symbol` from the source that the service's edits left pointing at it. */
export function rewriteMissedImporters(
  program: ts.Program,
  edits: FileEdits,
  sourcePath: string,
  targetPath: string,
  symbol: string,
): number {
  let rewritten = 0;
  for (const original of program.getSourceFiles()) {
    const path = original.fileName;
    if (original.isDeclarationFile || path.includes('/node_modules/') || path === sourcePath || path === targetPath) continue;
    const current = edits.get(path);
    if (current === null) continue;
    const text = current ?? original.text;
    if (!text.includes(symbol)) continue;
    const file = parse(path, text);
    const changes: ts.TextChange[] = [];
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => (e.propertyName ?? e.name).text === symbol);
      if (!element || resolveSpecifier(program, original, statement.moduleSpecifier.text) !== sourcePath) continue;
      const clause = statement.importClause!;
      const { quote, semicolon } = quoteOf(file);
      const specifier = specifierFor(path, targetPath, statement.moduleSpecifier.text);
      const line = `import ${clause.isTypeOnly ? 'type ' : ''}{ ${element.getText(file)} } from ${quote}${specifier}${quote}${semicolon}`;
      const rest = bindings.elements.filter((e) => e !== element);
      if (rest.length === 0 && !clause.name) {
        changes.push({ span: { start: statement.getStart(file), length: statement.end - statement.getStart(file) }, newText: line });
      } else {
        // Drop the element with its separator, then add the new import after this one.
        const index = bindings.elements.indexOf(element);
        const start = index === 0 ? element.getStart(file) : bindings.elements[index - 1]!.end;
        const end = index === 0 && rest.length > 0 ? bindings.elements[1]!.getStart(file) : element.end;
        changes.push({ span: { start, length: end - start }, newText: '' });
        changes.push({ span: { start: statement.end, length: 0 }, newText: `\n${line}` });
      }
      rewritten += 1;
    }
    if (changes.length > 0) edits.set(path, applyTextChanges(text, changes));
  }
  return rewritten;
}
