/**
 * Moving into an existing module that the moved code's imports point at, the language service adds
 * an import of the target into the target itself (`Import declaration conflicts with local
 * declaration`); such self-imports are dropped, since the names are declared right there.
 */
import { posix } from 'node:path';
import { ts } from 'ts-morph';
import { applyTextChanges, type FileEdits } from '../ts-project/file-edits.js';
import { scriptKind } from './keep-original-text.js';
import { declaredNames } from './find-declaration.js';

const stem = (path: string): string => path.replace(/\.(d\.)?[cm]?[jt]sx?$/, '');

export function pointsAt(fromPath: string, specifier: string, targetPath: string): boolean {
  return specifier.startsWith('.') && stem(posix.normalize(posix.join(posix.dirname(fromPath), specifier))) === stem(targetPath);
}

export function dropSelfImports(edits: FileEdits, targetPath: string): void {
  const text = edits.get(targetPath);
  if (!text) return;
  const file = ts.createSourceFile(targetPath, text, ts.ScriptTarget.Latest, true, scriptKind(targetPath));
  let result = text;
  for (const statement of [...file.statements].reverse()) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!pointsAt(targetPath, statement.moduleSpecifier.text, targetPath)) continue;
    const start = statement.getStart(file);
    let end = statement.end;
    // Take the line break with it, and the blank lines too when it opened the file.
    while (result[end] === '\n' && (end === statement.end || start === 0)) end += 1;
    result = result.slice(0, start) + result.slice(end);
  }
  edits.set(targetPath, result);
}

/**
 * The in-memory project does not load node_modules, so the service cannot carry an import of a
 * dependency's name it cannot resolve into a target that already imports from that package (e.g.
 * `ASTPath` from 'jscodeshift' next to the target's own `import type { Collection } from 'jscodeshift'`).
 * Names the moved code takes from such a bare-specifier import of the source and that the target
 * still does not bind are added: into the target's import of the same package when the `type`-ness
 * fits, else as a new import after its last one.
 */
export function carryDependencyImports(
  edits: FileEdits,
  targetPath: string,
  source: ts.SourceFile,
  statements: readonly ts.Statement[],
): void {
  const text = edits.get(targetPath);
  if (!text) return;
  const used = usedNames(statements);
  const target = ts.createSourceFile(targetPath, text, ts.ScriptTarget.Latest, true, scriptKind(targetPath));
  const bound = boundNames(target);
  const changes: ts.TextChange[] = [];
  const added: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.importClause) continue;
    const specifier = statement.moduleSpecifier.text;
    if (specifier.startsWith('.') || specifier.startsWith('/')) continue;
    const clause = statement.importClause;
    const quote = source.text[statement.moduleSpecifier.getStart(source)];
    const semicolon = statement.getText(source).endsWith(';') ? ';' : '';
    const from = `from ${quote}${specifier}${quote}${semicolon}`;
    const missing = (name: string): boolean => used.has(name) && !bound.has(name);
    const typeWord = clause.isTypeOnly ? 'type ' : '';
    if (clause.name && missing(clause.name.text)) added.push(`import ${typeWord}${clause.name.text} ${from}`);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings) && missing(bindings.name.text))
      added.push(`import ${typeWord}* as ${bindings.name.text} ${from}`);
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const elements = bindings.elements.filter((element) => missing(element.name.text));
    if (elements.length === 0) continue;
    const typeOnly = clause.isTypeOnly || elements.every((element) => element.isTypeOnly);
    const named = elements.map((element) => element.getText(source).replace(/^type\s+/, ''));
    const existing = target.statements.find(
      (s): s is ts.ImportDeclaration =>
        ts.isImportDeclaration(s) &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        s.moduleSpecifier.text === specifier &&
        s.importClause?.namedBindings !== undefined &&
        ts.isNamedImports(s.importClause.namedBindings) &&
        s.importClause.namedBindings.elements.length > 0 &&
        (!s.importClause.isTypeOnly || typeOnly),
    );
    if (existing) {
      const list = (existing.importClause!.namedBindings as ts.NamedImports).elements;
      const inline = typeOnly && !existing.importClause!.isTypeOnly ? 'type ' : '';
      changes.push({ span: { start: list.at(-1)!.end, length: 0 }, newText: named.map((name) => `, ${inline}${name}`).join('') });
    } else {
      added.push(`import ${typeOnly ? 'type ' : ''}{ ${named.join(', ')} } ${from}`);
    }
    for (const element of elements) bound.add(element.name.text);
  }
  if (added.length > 0) {
    const lastImport = [...target.statements].reverse().find(ts.isImportDeclaration);
    changes.push(
      lastImport
        ? { span: { start: lastImport.end, length: 0 }, newText: added.map((line) => `\n${line}`).join('') }
        : { span: { start: 0, length: 0 }, newText: `${added.join('\n')}\n\n` },
    );
  }
  if (changes.length > 0) edits.set(targetPath, applyTextChanges(text, changes));
}

/** Identifiers the moved statements mention, less property names (`a.name`, `{ name: 1 }`). */
export function usedNames(statements: readonly ts.Statement[]): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const property =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node);
      if (!property) names.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  statements.forEach(visit);
  return names;
}

/** Names a module's imports and top-level declarations bind. */
export function boundNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>(file.statements.flatMap(declaredNames));
  for (const statement of file.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (!clause) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}
