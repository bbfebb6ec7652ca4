/**
 * Parameters the language service could only type as `any`. The project sees the workspace's
 * node_modules types (dependency-types-host.ts), but a dependency that is not installed, or ships no
 * types, still leaves a variable with an unresolved (error) type, and the generated parameter reads
 * `any`, which would silently drop the real type (and the contextual types of callbacks that use it). Such a parameter gets the variable's own annotation when that
 * annotation can be written at the new function's place; otherwise the extraction is refused.
 */
import { ts } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import type { Selection } from './select-statements.js';

export function fixAnyParameters(
  text: string,
  fileName: string,
  checker: ts.TypeChecker,
  original: ts.SourceFile,
  selection: Selection,
  name: string,
): string {
  const edited = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const fn = findDeclaration(edited, name);
  if (!fn) return text;
  const inScope = checker.getSymbolsInScope(selection.statements[0]!, ts.SymbolFlags.Variable);
  const replacements: ts.TextChange[] = [];
  for (const parameter of fn.parameters) {
    if (!parameter.type || !ts.isIdentifier(parameter.name)) continue;
    const isAny = parameter.type.kind === ts.SyntaxKind.AnyKeyword;
    const variable = inScope.find((symbol) => symbol.name === (parameter.name as ts.Identifier).text);
    const declaration = variable?.valueDeclaration;
    if (!declaration) continue;
    // Narrowed where the range starts (`if (x === null) return` above it): the language service spelled
    // the narrowed type, which the variable's own, wider annotation would lose.
    if (!isAny && narrowedInRange(checker, variable!, declaration, selection)) continue;
    const annotation = ts.isVariableDeclaration(declaration) || ts.isParameter(declaration) ? declaration.type : undefined;
    if (annotation && annotation.kind === ts.SyntaxKind.AnyKeyword) continue;
    if (!annotation) {
      if (!isAny || !isUnresolved(checker.getTypeOfSymbolAtLocation(variable!, declaration))) continue;
      throw refuse(
        `The type of "${variable!.name}" comes from a dependency whose types are not in the workspace's node_modules (not installed, or it ships none), so the extracted parameter could only be typed "any"; install the dependency (and its @types package), annotate "${variable!.name}" with its type first, or select a different range.`,
      );
    }
    if (!writableAtModuleScope(checker, annotation, original)) {
      // The language service's own spelling stands unless it is a lost type.
      if (!isAny) continue;
      throw refuse(
        `The type of "${variable!.name}" (${annotation.getText(original)}) cannot be named at module level; select a different range.`,
      );
    }
    // The variable's own annotation rather than the language service's expansion of it (express's
    // `Request` written out with its five defaulted type arguments, imported from transitive packages).
    const spelled = ownSpelling(declaration, annotation, original);
    if (parameter.type.getText(edited) !== spelled) {
      replacements.push({
        span: { start: parameter.type.getStart(edited), length: parameter.type.getWidth(edited) },
        newText: spelled,
      });
    }
  }
  const typed = replacements.reduceRight(
    (result, change) => result.slice(0, change.span.start) + change.newText + result.slice(change.span.start + change.span.length),
    text,
  );
  return replacements.length > 0 ? withoutUnusedAddedImports(typed, fileName, original) : typed;
}

/**
 * Drops the imports the language service added for the types it spelled out, once the parameters use
 * the variables' own annotations and nothing reads those names any more. Imports the file already had
 * are never touched.
 */
function withoutUnusedAddedImports(text: string, fileName: string, original: ts.SourceFile): string {
  const edited = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const existing = new Set(original.statements.filter(ts.isImportDeclaration).map((i) => i.getText(original)));
  const used = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, collect);
  };
  collect(edited);
  const removals = edited.statements.filter((statement): statement is ts.ImportDeclaration => {
    if (!ts.isImportDeclaration(statement) || existing.has(statement.getText(edited))) return false;
    const clause = statement.importClause;
    const names = [
      clause?.name,
      ...(clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.map((e) => e.name) : []),
    ];
    const bound = names.filter((n): n is ts.Identifier => n !== undefined);
    return (
      clause !== undefined &&
      clause.namedBindings?.kind !== ts.SyntaxKind.NamespaceImport &&
      bound.length > 0 &&
      bound.every((n) => !used.has(n.text))
    );
  });
  return removals.reduceRight((result, statement) => {
    const end = text[statement.end] === '\n' ? statement.end + 1 : statement.end;
    return result.slice(0, statement.getStart(edited)) + result.slice(end);
  }, text);
}

function findDeclaration(file: ts.SourceFile, name: string): ts.FunctionDeclaration | ts.MethodDeclaration | undefined {
  let found: ts.FunctionDeclaration | ts.MethodDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name?.getText(file) === name) found = node;
    else if (!found) ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The annotation as the variable's type: an optional parameter (`coupon?: string`) holds `undefined`
 * too, which its annotation does not say.
 */
function ownSpelling(declaration: ts.Declaration, annotation: ts.TypeNode, file: ts.SourceFile): string {
  const text = annotation.getText(file);
  if (!ts.isParameter(declaration) || !declaration.questionToken) return text;
  const wrapped = ts.isFunctionTypeNode(annotation) || ts.isConstructorTypeNode(annotation) || ts.isConditionalTypeNode(annotation);
  return `${wrapped ? `(${text})` : text} | undefined`;
}

/** Whether the variable's type at its first read inside the range is narrower than its declared type. */
function narrowedInRange(checker: ts.TypeChecker, variable: ts.Symbol, declaration: ts.Declaration, selection: Selection): boolean {
  let first: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (first) return;
    if (ts.isIdentifier(node) && node.text === variable.name && checker.getSymbolAtLocation(node) === variable && !isWritten(node))
      first = node;
    else ts.forEachChild(node, visit);
  };
  for (const statement of selection.statements) visit(statement);
  return first !== undefined && checker.getTypeAtLocation(first) !== checker.getTypeOfSymbolAtLocation(variable, declaration);
}

function isWritten(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && parent.left === node)
    return parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
  return (
    (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
    (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)
  );
}

/** An error type (what an unresolved import gives), as opposed to a real `any`. */
function isUnresolved(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.Any) !== 0 && (type as { intrinsicName?: string }).intrinsicName === 'error';
}

/** Every name the annotation references is declared at the file's top level (or imported there) or globally. */
function writableAtModuleScope(checker: ts.TypeChecker, annotation: ts.TypeNode, file: ts.SourceFile): boolean {
  let writable = true;
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const first = ts.isIdentifier(node.typeName) ? node.typeName : leftmost(node.typeName);
      const declaration = checker.getSymbolAtLocation(first)?.declarations?.[0];
      const topLevel = declaration && (declaration.getSourceFile() !== file || isTopLevel(declaration));
      if (!topLevel) writable = false;
    }
    ts.forEachChild(node, visit);
  };
  visit(annotation);
  return writable;
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  let current: ts.EntityName = name;
  while (ts.isQualifiedName(current)) current = current.left;
  return current;
}

function isTopLevel(declaration: ts.Declaration): boolean {
  for (let node: ts.Node | undefined = declaration.parent; node; node = node.parent) {
    if (ts.isSourceFile(node)) return true;
    if (ts.isFunctionLike(node) || ts.isBlock(node) || ts.isClassLike(node)) return false;
  }
  return true;
}
