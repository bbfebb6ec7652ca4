/**
 * The statements a line range selects: whole statements of one block, nothing cut in half. A range
 * that starts or ends inside a statement is refused naming that statement.
 */
import { ts, type SourceFile } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import { lineEndOffset, offsetOf, where } from '../ts-project/positions.js';
import type { ExtractInput } from './input.js';

export interface Selection {
  statements: ts.Statement[];
  /** The block (or source file) that holds them. */
  container: ts.Node;
  pos: number;
  end: number;
}

type StatementContainer = ts.Block | ts.SourceFile | ts.ModuleBlock | ts.CaseOrDefaultClause;

export function selectStatements(file: SourceFile, input: ExtractInput): Selection {
  if (input.endLine < input.startLine)
    throw refuse(`The range ends (line ${input.endLine}) before it starts (line ${input.startLine}); pass startLine <= endLine.`);
  const start = offsetOf(file, input.startLine, input.startColumn);
  const end = input.endColumn !== undefined ? offsetOf(file, input.endLine, input.endColumn) + 1 : lineEndOffset(file, input.endLine);
  const container = innermostContainer(file.compilerNode, start, end);
  const source = file.compilerNode;
  const statements: ts.Statement[] = [];
  for (const statement of container.statements) {
    const from = statement.getStart(source);
    if (from >= start && statement.end <= end) statements.push(statement);
    else if (from < end && statement.end > start) {
      throw refuse(
        `Lines ${input.startLine}-${input.endLine} of "${input.file}" cut the statement at ${where(file, from)} in part; select whole statements (from its first to its last line).`,
      );
    }
  }
  if (statements.length === 0)
    throw refuse(
      `Lines ${input.startLine}-${input.endLine} of "${input.file}" hold no whole statement; select the lines of one or more complete statements.`,
    );
  return { statements, container, pos: statements[0]!.getStart(source), end: statements.at(-1)!.end };
}

/** The deepest statement list that spans the whole range. */
function innermostContainer(source: ts.SourceFile, start: number, end: number): StatementContainer {
  let found: StatementContainer = source;
  const visit = (node: ts.Node): void => {
    if (!(node.getStart(source) <= start && end <= node.end)) return;
    if (ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}
