/**
 * Imports the move adds or changes name types the way the project does. When the project writes
 * type-only imports (`verbatimModuleSyntax`, or any `import type` / inline `type` specifier in its
 * code), a name the move newly imports that is a type (an interface, a type alias) or is only used in
 * type positions gets a `type` specifier, and an import whose names are all types becomes
 * `import type { ... }`. Besides matching the code around it, this keeps such an import out of the
 * emitted JavaScript, so it cannot form a runtime import cycle.
 */
import { ts, type Project } from 'ts-morph';
import { applyTextChanges, type FileEdits } from '../ts-project/file-edits.js';

export function prefersTypeOnlyImports(project: Project): boolean {
  if (project.getCompilerOptions().verbatimModuleSyntax) return true;
  return project.getSourceFiles().some((file) => file.compilerNode.statements.some((statement) => {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) return false;
    const clause = statement.importClause;
    return clause.isTypeOnly || (clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.some((e) => e.isTypeOnly));
  }));
}

/** Rewrites the new or changed imports of the edited files; returns how many files changed. */
export function markTypeOnlyImports(project: Project, edits: FileEdits, originals: (path: string) => string | undefined): number {
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  let changed = 0;
  for (const [path, text] of edits) {
    const file = text === null ? undefined : program.getSourceFile(path);
    if (!file) continue;
    const before = importedBefore(originals(path) ?? '', path);
    const changes = file.statements.flatMap((statement) => ts.isImportDeclaration(statement) ? importChanges(file, checker, statement, before) : []);
    if (changes.length === 0) continue;
    edits.set(path, applyTextChanges(file.text, changes));
    changed += 1;
  }
  return changed;
}

/** "specifier|name" of every named import the file had before the move. */
function importedBefore(text: string, path: string): Set<string> {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) names.add(`${(statement.moduleSpecifier as ts.StringLiteral).text}|${element.name.text}`);
  }
  return names;
}

function importChanges(file: ts.SourceFile, checker: ts.TypeChecker, statement: ts.ImportDeclaration, before: Set<string>): ts.TextChange[] {
  const clause = statement.importClause;
  const bindings = clause?.namedBindings;
  if (!clause || clause.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) return [];
  const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
  const elements = bindings.elements;
  const isNew = (element: ts.ImportSpecifier): boolean => !before.has(`${specifier}|${element.name.text}`);
  const typeNow = elements.map((element) => element.isTypeOnly || (isNew(element) && onlyAType(file, checker, element)));
  if (!elements.some((element, i) => typeNow[i] && !element.isTypeOnly)) {
    // Nothing to mark; still, a new import the service wrote as `{ type A }` reads better as `import type`.
    return !clause.name && elements.every((e) => e.isTypeOnly) && elements.some(isNew) ? wholeTypeOnly(file, clause, elements) : [];
  }
  if (!clause.name && typeNow.every(Boolean) && elements.every((element) => element.isTypeOnly || isNew(element))) return wholeTypeOnly(file, clause, elements);
  return elements.flatMap((element, i) => typeNow[i] && !element.isTypeOnly ? [{ span: { start: element.getStart(file), length: 0 }, newText: 'type ' }] : []);
}

/** `import { type A, B }` -> `import type { A, B }`. */
function wholeTypeOnly(file: ts.SourceFile, clause: ts.ImportClause, elements: readonly ts.ImportSpecifier[]): ts.TextChange[] {
  const changes: ts.TextChange[] = [{ span: { start: clause.getStart(file), length: 0 }, newText: 'type ' }];
  for (const element of elements) {
    if (!element.isTypeOnly) continue;
    const start = element.getStart(file);
    const nameStart = (element.propertyName ?? element.name).getStart(file);
    changes.push({ span: { start, length: nameStart - start }, newText: '' });
  }
  return changes;
}

/** The imported name is a type, or every use of it in the file is in a type position. */
function onlyAType(file: ts.SourceFile, checker: ts.TypeChecker, element: ts.ImportSpecifier): boolean {
  const local = checker.getSymbolAtLocation(element.name);
  if (!local) return false;
  const target = checker.getAliasedSymbol(local);
  if (target.declarations !== undefined && (target.flags & ts.SymbolFlags.Value) === 0) return true;
  let uses = 0;
  let valueUse = false;
  const visit = (node: ts.Node): void => {
    if (valueUse) return;
    if (ts.isIdentifier(node) && node !== element.name && node.text === element.name.text && symbolOf(checker, node) === local) {
      uses += 1;
      if (!inTypePosition(node)) valueUse = true;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return uses > 0 && !valueUse;
}

function symbolOf(checker: ts.TypeChecker, node: ts.Identifier): ts.Symbol | undefined {
  // `{ name }` names the property; the value it reads is the shorthand's value symbol.
  return ts.isShorthandPropertyAssignment(node.parent) ? checker.getShorthandAssignmentValueSymbol(node.parent) : checker.getSymbolAtLocation(node);
}

/**
 * Inside a type annotation, `typeof x`, an `implements` clause or an interface's `extends`; a class's
 * `extends` needs the value.
 */
function inTypePosition(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isExpressionWithTypeArguments(current)) {
      const clause = current.parent;
      return ts.isHeritageClause(clause) && (clause.token === ts.SyntaxKind.ImplementsKeyword || ts.isInterfaceDeclaration(clause.parent));
    }
    if (ts.isTypeNode(current)) return true;
    if (ts.isExportSpecifier(current) || ts.isStatement(current) || (ts.isExpression(current) && !ts.isPropertyAccessExpression(current))) return false;
  }
  return false;
}
