/**
 * Namespace imports of the source (`import * as m from './source.js'`): the language service
 * rewrites each `m.moved` to a namespace import of the target (`import * as target ...`,
 * `target.moved`). That is only the whole story when `m` is used for its members; a namespace object
 * that escapes (passed on, spread, indexed by a computed key, re-exported as `export * as m`) would
 * silently lose the moved member at run time, so such a move is refused, naming the place. A
 * namespace import of the target the service added just for the moved name (`fromMetres.fromMetres`)
 * is then turned into a named import where nothing else in the file is called that.
 */
import { ts } from 'ts-morph';
import { applyTextChanges, type FileEdits } from '../ts-project/file-edits.js';
import { pointsAt } from './import-fixes.js';
import { scriptKind } from './keep-original-text.js';
import { refuse } from '../ts-project/refusal.js';
import { resolveSpecifier, specifierFor } from '../ts-project/module-specifiers.js';
import { toWorkspacePath } from '../ts-project/load-project.js';

export function assertNamespacesFollow(program: ts.Program, sourcePath: string, name: string): void {
  const checker = program.getTypeChecker();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName === sourcePath) continue;
    for (const statement of file.statements) {
      if (
        !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ||
        !statement.moduleSpecifier ||
        !ts.isStringLiteral(statement.moduleSpecifier)
      )
        continue;
      // Only namespace imports and `export * as` matter; resolving every specifier of the project costs.
      const namespace = ts.isExportDeclaration(statement)
        ? statement.exportClause !== undefined && ts.isNamespaceExport(statement.exportClause)
        : statement.importClause?.namedBindings !== undefined && ts.isNamespaceImport(statement.importClause.namedBindings);
      if (!namespace || resolveSpecifier(program, file, statement.moduleSpecifier.text) !== sourcePath) continue;
      const at = (node: ts.Node): string =>
        `${toWorkspacePath(file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
      if (ts.isExportDeclaration(statement)) {
        if (statement.exportClause && ts.isNamespaceExport(statement.exportClause)) {
          throw refuse(
            `"${at(statement)}" re-exports the source as the namespace "${statement.exportClause.name.text}", whose "${name}" member the move would take away; re-export "${name}" from its new module there by hand, or move another declaration.`,
          );
        }
        continue;
      }
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamespaceImport(bindings)) continue;
      const escape = escapingUse(file, checker, bindings.name);
      if (escape) {
        throw refuse(
          `The namespace import "${bindings.name.text}" of the source is used as a whole at ${at(escape)} (not only as "${bindings.name.text}.member"), so after the move it would silently lack "${name}"; use named imports there first, then move.`,
        );
      }
    }
  }
}

/** A use of the namespace name other than `ns.member` or the type `ns.Member`. */
function escapingUse(file: ts.SourceFile, checker: ts.TypeChecker, name: ts.Identifier): ts.Node | undefined {
  const namespace = checker.getSymbolAtLocation(name);
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const symbol =
      ts.isIdentifier(node) && ts.isShorthandPropertyAssignment(node.parent)
        ? checker.getShorthandAssignmentValueSymbol(node.parent)
        : checker.getSymbolAtLocation(node);
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && symbol === namespace) {
      const parent = node.parent;
      const member =
        (ts.isPropertyAccessExpression(parent) && parent.expression === node) || (ts.isQualifiedName(parent) && parent.left === node);
      if (!member && !ts.isTypeQueryNode(parent)) found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}

/** `import * as t from './target.js'` + `t.moved` -> `import { moved } from './target.js'` + `moved`. */
export function namedInsteadOfNamespace(
  edits: FileEdits,
  originals: (path: string) => string | undefined,
  targetPath: string,
  name: string,
): void {
  for (const [path, text] of edits) {
    if (text === null || path === targetPath) continue;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
    const before = originals(path) ?? '';
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause || statement.importClause.name || statement.importClause.isTypeOnly)
        continue;
      const bindings = statement.importClause.namedBindings;
      if (!bindings || !ts.isNamespaceImport(bindings)) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (!pointsAt(path, specifier, targetPath) || before.includes(statement.getText(file))) continue;
      const uses = memberUses(file, bindings.name, name);
      if (!uses) continue;
      const changes: ts.TextChange[] = [
        { span: { start: bindings.getStart(file), length: bindings.end - bindings.getStart(file) }, newText: `{ ${name} }` },
      ];
      for (const use of uses) changes.push({ span: { start: use.getStart(file), length: use.end - use.getStart(file) }, newText: name });
      edits.set(path, applyTextChanges(text, changes));
      break;
    }
  }
}

/**
 * Every use of the namespace `ns` as `ns.name` (value or type), provided no other identifier in the
 * file is spelled `name` (it could be shadowed or collide) and `ns` is used no other way.
 */
function memberUses(file: ts.SourceFile, ns: ts.Identifier, name: string): ts.Node[] | undefined {
  const uses: ts.Node[] = [];
  let safe = true;
  const visit = (node: ts.Node): void => {
    if (!safe) return;
    if (
      (ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === ns.text &&
        node.name.text === name) ||
      (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && node.left.text === ns.text && node.right.text === name)
    ) {
      uses.push(node);
      return;
    }
    if (ts.isIdentifier(node) && node !== ns && (node.text === ns.text || node.text === name)) safe = false;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return safe && uses.length > 0 ? uses : undefined;
}

/**
 * `src.moved` left behind where a file imports the source as a namespace (the service rewrites value
 * uses but not types such as `src.Moved`, nor uses in the target itself): each becomes `moved`,
 * imported by name from the target (the target needs no import). A file where the name is already
 * taken is refused rather than left broken.
 */
export function rewriteNamespaceMembers(program: ts.Program, edits: FileEdits, sourcePath: string, targetPath: string, name: string): void {
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName === sourcePath) continue;
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamespaceImport(bindings)) continue;
      if (resolveSpecifier(program, file, statement.moduleSpecifier.text) !== sourcePath) continue;
      const uses: ts.Node[] = [];
      let taken = false;
      const visit = (node: ts.Node): void => {
        if (
          (ts.isPropertyAccessExpression(node) &&
            ts.isIdentifier(node.expression) &&
            node.expression.text === bindings.name.text &&
            node.name.text === name) ||
          (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && node.left.text === bindings.name.text && node.right.text === name)
        ) {
          uses.push(node);
          return;
        }
        if (ts.isIdentifier(node) && node.text === name) taken = true;
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(file, visit);
      if (uses.length === 0) continue;
      const alreadyImported = file.statements.some(
        (s) =>
          ts.isImportDeclaration(s) &&
          ts.isStringLiteral(s.moduleSpecifier) &&
          resolveSpecifier(program, file, s.moduleSpecifier.text) === targetPath &&
          importsName(s, name),
      );
      const here = file.fileName === targetPath;
      if (taken && !alreadyImported && !here) {
        throw refuse(
          `"${toWorkspacePath(file.fileName)}" uses "${bindings.name.text}.${name}" but already has another "${name}", so it cannot import the moved "${name}" by name; rename one of them first.`,
        );
      }
      const changes: ts.TextChange[] = uses.map((use) => ({
        span: { start: use.getStart(file), length: use.end - use.getStart(file) },
        newText: name,
      }));
      if (!alreadyImported && !here) {
        const quote = file.text[statement.moduleSpecifier.getStart(file)];
        const semicolon = statement.getText(file).endsWith(';') ? ';' : '';
        const specifier = specifierFor(file.fileName, targetPath, statement.moduleSpecifier.text);
        changes.push({
          span: { start: statement.end, length: 0 },
          newText: `\nimport { ${name} } from ${quote}${specifier}${quote}${semicolon}`,
        });
      }
      edits.set(file.fileName, applyTextChanges(file.text, changes));
      break;
    }
  }
}

function importsName(statement: ts.ImportDeclaration, name: string): boolean {
  const bindings = statement.importClause?.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.some((element) => element.name.text === name);
}
