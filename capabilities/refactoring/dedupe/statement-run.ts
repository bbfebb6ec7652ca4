/**
 * The whole statements a clone's line range covers: the block (or file) holding the most statements
 * that lie entirely inside the range. Statements cut by the range's ends are left out (a token-based
 * clone often starts or ends mid-statement); a range holding no whole statement, or holding a
 * declaration a function body cannot take (a type, a function, a class, an import), is refused.
 */
import { Node, type SourceFile, type Statement } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import type { CloneSide } from './options.js';

export interface StatementRun {
  file: SourceFile;
  statements: Statement[];
  /** The statements after the run in the same container (where outputs may be used). */
  after: Statement[];
}

export function statementRun(file: SourceFile, side: CloneSide): StatementRun {
  const containers: Node[] = [file];
  file.forEachDescendant((node) => {
    if (Node.isBlock(node) || Node.isCaseClause(node) || Node.isDefaultClause(node) || Node.isModuleBlock(node)) containers.push(node);
  });
  let best: StatementRun | null = null;
  for (const container of containers) {
    const all = (container as unknown as { getStatements(): Statement[] }).getStatements();
    const inside = all.filter((s) => s.getStartLineNumber() >= side.startLine && s.getEndLineNumber() <= side.endLine);
    if (inside.length === 0 || (best && best.statements.length >= inside.length)) continue;
    const last = all.indexOf(inside[inside.length - 1]!);
    best = { file, statements: inside, after: all.slice(last + 1) };
  }
  if (!best)
    throw refuse(
      `Lines ${side.startLine}-${side.endLine} of "${side.file}" hold no whole statement; a clone can only be merged when it covers whole statements — widen the range to statement boundaries.`,
    );
  const declaration = best.statements.find(isDeclarationOnly);
  if (declaration)
    throw refuse(
      `Lines ${side.startLine}-${side.endLine} of "${side.file}" hold ${describe(declaration)} at line ${declaration.getStartLineNumber()}; dedupe merges statements that run into one function, and a declaration cannot move into a function body — merge such copies by hand (e.g. one shared type or function both modules import).`,
    );
  return best;
}

/** A declaration a function body cannot hold for its callers: types, interfaces, functions, classes, enums, imports, exports. */
function isDeclarationOnly(statement: Statement): boolean {
  return (
    Node.isTypeAliasDeclaration(statement) ||
    Node.isInterfaceDeclaration(statement) ||
    Node.isFunctionDeclaration(statement) ||
    Node.isClassDeclaration(statement) ||
    Node.isEnumDeclaration(statement) ||
    Node.isModuleDeclaration(statement) ||
    Node.isImportDeclaration(statement) ||
    Node.isExportDeclaration(statement) ||
    Node.isExportAssignment(statement)
  );
}

function describe(statement: Statement): string {
  if (Node.isTypeAliasDeclaration(statement) || Node.isInterfaceDeclaration(statement))
    return `the type declaration "${statement.getName()}"`;
  if (Node.isFunctionDeclaration(statement)) return `the function declaration "${statement.getName() ?? 'default'}"`;
  if (Node.isClassDeclaration(statement)) return `the class declaration "${statement.getName() ?? 'default'}"`;
  return `a ${statement.getKindName()}`;
}
