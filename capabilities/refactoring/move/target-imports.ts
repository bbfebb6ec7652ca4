/**
 * A target that already imports the moved name from the source module (the usual reason to move a
 * declaration is that another module uses it): that import is dropped before the move, since the
 * target will declare the name itself. The language service then imports the name back into the
 * source only when the source still uses it. The name imported under an alias, as a default or
 * namespace import, or from another module is a real clash and is refused.
 */
import { ts, type SourceFile } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import { resolveSpecifier } from '../ts-project/module-specifiers.js';
import { where } from '../ts-project/positions.js';
import { declaredNames } from './find-declaration.js';
import { usedNames } from './import-fixes.js';

/** The target's text without its import of `name` from the source, or undefined when it has none. */
export function detachTargetImport(
  program: ts.Program,
  target: SourceFile,
  sourcePath: string,
  name: string,
  rel: { source: string; target: string },
): string | undefined {
  const file = target.compilerNode;
  let text: string | undefined;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const bindings = clause.namedBindings;
    const fromSource = resolveSpecifier(program, file, statement.moduleSpecifier.text) === sourcePath;
    const at = where(target, statement.getStart());
    const clash = (how: string): Error =>
      refuse(`Target "${rel.target}" already imports "${name}" ${how} at ${at}; rename one of them first or pick another target.`);
    if (clause.name?.text === name) throw clash(`as a default import from "${statement.moduleSpecifier.text}"`);
    if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name)
      throw clash(`as a namespace import of "${statement.moduleSpecifier.text}"`);
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (element.name.text === name && !(fromSource && imported === name)) {
        throw clash(fromSource ? `as an alias of "${imported}" from "${rel.source}"` : `from "${statement.moduleSpecifier.text}"`);
      }
      if (fromSource && imported === name && element.name.text !== name) {
        throw refuse(
          `Target "${rel.target}" imports "${name}" from "${rel.source}" as "${element.name.text}" at ${at}; after the move it would declare "${name}" itself, so rename its uses of "${element.name.text}" to "${name}" (refactoring.rename) first.`,
        );
      }
      if (fromSource && imported === name) text = withoutElement(file, statement, bindings, element);
    }
  }
  return text;
}

/** The file's text without one named import (the whole import line when it was the only name). */
function withoutElement(
  file: ts.SourceFile,
  statement: ts.ImportDeclaration,
  bindings: ts.NamedImports,
  element: ts.ImportSpecifier,
): string {
  const text = file.text;
  const clause = statement.importClause!;
  if (bindings.elements.length > 1) {
    const index = bindings.elements.indexOf(element);
    // Take the comma after it (or, for the last one, the comma before it).
    const next = bindings.elements[index + 1];
    const [from, to] = next ? [element.getStart(file), next.getStart(file)] : [bindings.elements[index - 1]!.end, element.end];
    return text.slice(0, from) + text.slice(to);
  }
  if (clause.name) return text.slice(0, clause.name.end) + text.slice(bindings.end);
  let end = statement.end;
  if (text[end] === '\n') end += 1;
  return text.slice(0, statement.getStart(file)) + text.slice(end);
}

/**
 * The moved code uses another top-level name of the source that the target declares itself (two
 * different `AnyNode` types, say): the move would import the source's into the target next to the
 * target's own, which cannot compile; refused up front with both places named.
 */
export function assertNoDeclarationClash(
  source: SourceFile,
  target: SourceFile,
  statements: readonly ts.Statement[],
  rel: { source: string; target: string },
): void {
  const used = usedNames(statements);
  const fromSource = new Set(
    source.compilerNode.statements
      .filter((statement) => !statements.includes(statement))
      .flatMap(declaredNames)
      .filter((name) => used.has(name)),
  );
  for (const statement of target.compilerNode.statements) {
    const clash = declaredNames(statement).find((name) => fromSource.has(name));
    if (clash) {
      throw refuse(
        `The moved code uses "${clash}" from "${rel.source}", but "${rel.target}" declares its own "${clash}" at ${where(target, statement.getStart())}; rename one of them (or move "${clash}" first), then move.`,
      );
    }
  }
}
