/**
 * The whole statements a clone's line range covers: the block (or file) holding the most statements
 * that lie entirely inside the range. Statements cut by the range's ends are left out (a token-based
 * clone often starts or ends mid-statement); a range holding no whole statement is refused.
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
  return best;
}
