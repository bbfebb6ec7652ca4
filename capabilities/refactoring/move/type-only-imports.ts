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
  return project.getSourceFiles().some((file) =>
    file.compilerNode.statements.some((statement) => {
      if (!ts.isImportDeclaration(statement) || !statement.importClause) return false;
      const clause = statement.importClause;
      return (
        clause.isTypeOnly ||
        (clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.some((e) => e.isTypeOnly))
      );
    }),
  );
}

/**
 * The project writes type-only names as separate `import type { … }` statements and never as inline
 * `type` specifiers: then a mixed import the move writes is split the same way (into the file's
 * existing `import type` from that module when it has one, so nothing is imported twice).
 */
export function prefersSeparateTypeImports(project: Project): boolean {
  let separate = 0;
  let inline = 0;
  for (const file of project.getSourceFiles()) {
    for (const statement of file.compilerNode.statements) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
      const bindings = statement.importClause.namedBindings;
      if (statement.importClause.isTypeOnly) separate += 1;
      else if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.isTypeOnly)) inline += 1;
    }
  }
  return separate > 0 && inline === 0;
}

/** Rewrites the new or changed imports of the edited files; returns how many files changed. */
export function markTypeOnlyImports(
  project: Project,
  edits: FileEdits,
  originals: (path: string) => string | undefined,
  separate = false,
): number {
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  let changed = 0;
  for (const [path, text] of edits) {
    const file = text === null ? undefined : program.getSourceFile(path);
    if (!file) continue;
    const before = importedBefore(originals(path) ?? '', path);
    const changes = file.statements.flatMap((statement) =>
      ts.isImportDeclaration(statement) ? importChanges(file, checker, statement, before) : [],
    );
    const marked = applyTextChanges(file.text, changes);
    const split = separate ? splitInlineTypes(marked, path, before) : marked;
    if (split === file.text) continue;
    edits.set(path, split);
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

function importChanges(
  file: ts.SourceFile,
  checker: ts.TypeChecker,
  statement: ts.ImportDeclaration,
  before: Set<string>,
): ts.TextChange[] {
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
  if (!clause.name && typeNow.every(Boolean) && elements.every((element) => element.isTypeOnly || isNew(element)))
    return wholeTypeOnly(file, clause, elements);
  return elements.flatMap((element, i) =>
    typeNow[i] && !element.isTypeOnly ? [{ span: { start: element.getStart(file), length: 0 }, newText: 'type ' }] : [],
  );
}

/**
 * `import { a, type B } from 'x'` (with a name the move added) -> `import { a } from 'x'` plus `B` in
 * the file's `import type { … } from 'x'`, or a new such statement right after it.
 */
function splitInlineTypes(text: string, path: string, before: Set<string>): string {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const changes: ts.TextChange[] = [];
  for (const statement of file.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    const bindings = clause?.namedBindings;
    if (!clause || clause.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) continue;
    const specifier = (statement as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral;
    const types = bindings.elements.filter((e) => e.isTypeOnly);
    const values = bindings.elements.filter((e) => !e.isTypeOnly);
    if (types.length === 0 || (values.length === 0 && !clause.name)) continue;
    if (bindings.elements.every((e) => before.has(`${specifier.text}|${e.name.text}`))) continue;
    const names = types.map((e) => e.getText(file).replace(/^type\s+/, ''));
    changes.push({
      span: { start: bindings.getStart(file), length: bindings.getWidth(file) },
      newText: values.length > 0 ? `{ ${values.map((e) => e.getText(file)).join(', ')} }` : '',
    });
    if (values.length === 0)
      changes.push({ span: { start: clause.name!.end, length: bindings.getStart(file) - clause.name!.end }, newText: '' });
    const existing = file.statements.find(
      (other): other is ts.ImportDeclaration =>
        ts.isImportDeclaration(other) &&
        other.importClause?.isTypeOnly === true &&
        (other.moduleSpecifier as ts.StringLiteral).text === specifier.text &&
        other.importClause.namedBindings !== undefined &&
        ts.isNamedImports(other.importClause.namedBindings),
    );
    if (existing) {
      const named = existing.importClause!.namedBindings as ts.NamedImports;
      const last = named.elements[named.elements.length - 1];
      changes.push({
        span: { start: last ? last.end : named.getStart(file) + 1, length: 0 },
        newText: `${last ? ', ' : ' '}${names.join(', ')}`,
      });
    } else {
      const semicolon = statement.getText(file).trimEnd().endsWith(';') ? ';' : '';
      changes.push({
        span: { start: statement.end, length: 0 },
        newText: `\nimport type { ${names.join(', ')} } from ${specifier.getText(file)}${semicolon}`,
      });
    }
  }
  return changes.length > 0 ? applyTextChanges(text, changes) : text;
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
  return ts.isShorthandPropertyAssignment(node.parent)
    ? checker.getShorthandAssignmentValueSymbol(node.parent)
    : checker.getSymbolAtLocation(node);
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
    if (ts.isExportSpecifier(current) || ts.isStatement(current) || (ts.isExpression(current) && !ts.isPropertyAccessExpression(current)))
      return false;
  }
  return false;
}
