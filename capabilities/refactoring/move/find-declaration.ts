/**
 * The top-level statements that declare the symbol to move (several for overloads or merged
 * declarations), or a refusal: not found (with close names), declared only in a nested scope, a
 * default export, or one of several names declared by one statement.
 */
import { ts, type SourceFile } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import { closeNames } from '../ts-project/identifiers.js';
import { identifiersNamed, isDeclarationName } from '../ts-project/declarations.js';
import { where } from '../ts-project/positions.js';

export function topLevelStatements(file: SourceFile, name: string, rel: string): ts.Statement[] {
  const statements = file.compilerNode.statements.filter((statement) => declaredNames(statement).includes(name));
  if (statements.length === 0) throw notTopLevel(file, name, rel);
  for (const statement of statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) {
      throw refuse(
        `"${name}" in "${rel}" is the module's default export, which importers name freely; make it a named export first, then move it.`,
      );
    }
    if (ts.isVariableStatement(statement) && declaredNames(statement).length > 1) {
      throw refuse(
        `"${name}" is declared together with ${declaredNames(statement)
          .filter((n) => n !== name)
          .map((n) => `"${n}"`)
          .join(', ')} in one statement at ${where(file, statement.getStart())}; split the declaration first, then move it.`,
      );
    }
  }
  return statements;
}

/** Names a top-level statement declares. */
export function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => bindingNames(d.name));
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  ) {
    return statement.name && ts.isIdentifier(statement.name) ? [statement.name.text] : [];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

function notTopLevel(file: SourceFile, name: string, rel: string) {
  const nested = identifiersNamed(file, name).filter(isDeclarationName);
  if (nested.length > 0) {
    return refuse(
      `"${name}" is not a top-level declaration of "${rel}" (it is declared inside another declaration at ${where(file, nested[0]!.getStart())}); only top-level declarations can be moved — extract it to module level first.`,
    );
  }
  const names = file.compilerNode.statements.flatMap(declaredNames);
  const close = closeNames(name, names);
  const hint =
    close.length > 0
      ? ` Did you mean ${close.map((n) => `"${n}"`).join(', ')}?`
      : ` It declares ${
          names
            .slice(0, 8)
            .map((n) => `"${n}"`)
            .join(', ') || 'nothing movable'
        }.`;
  return refuse(`"${rel}" has no top-level declaration named "${name}".${hint}`);
}
