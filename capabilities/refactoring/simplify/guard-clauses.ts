/**
 * Guard clauses: a function whose body ends with `if (c) { ...several statements... }` (no else, nothing
 * after it) becomes `if (!c) return;` followed by those statements one level less indented. Only when
 * the block returns no value (so a bare `return` keeps the result `undefined` and noImplicitReturns
 * happy), declares no name the function already has, and holds no multi-line template literal (whose
 * text the dedent would change).
 */
import { Node, SyntaxKind, type Block, type IfStatement, type SourceFile } from 'ts-morph';
import { negate } from './negate.js';
import type { TextEdit } from './text-edits.js';

const MIN_STATEMENTS = 2;

export function guardClauseEdits(file: SourceFile): TextEdit[] {
  const edits: TextEdit[] = [];
  const text = file.getFullText();
  file.forEachDescendant((node) => {
    if (!(
      Node.isFunctionDeclaration(node) ||
      Node.isFunctionExpression(node) ||
      Node.isArrowFunction(node) ||
      Node.isMethodDeclaration(node)
    ))
      return;
    const body = node.getBody();
    if (!body || !Node.isBlock(body)) return;
    const statements = body.getStatements();
    const last = statements[statements.length - 1];
    if (!last || !Node.isIfStatement(last) || last.getElseStatement()) return;
    const inner = last.getThenStatement();
    if (
      !Node.isBlock(inner) ||
      !eligible(
        inner,
        body,
        node.getParameters().map((p) => p.getName()),
      )
    )
      return;
    edits.push(rewrite(text, last, inner));
  });
  return edits;
}

function eligible(inner: Block, body: Block, params: string[]): boolean {
  const statements = inner.getStatements();
  if (statements.length < MIN_STATEMENTS && !statements.some((s) => Node.isIfStatement(s))) return false;
  let ok = true;
  inner.forEachDescendant((node, traversal) => {
    if (Node.isFunctionLikeDeclaration(node) || Node.isArrowFunction(node) || Node.isClassDeclaration(node) || Node.isClassExpression(node))
      return traversal.skip();
    if (Node.isReturnStatement(node) && node.getExpression()) ok = false;
    if (Node.isTemplateExpression(node) || node.getKind() === SyntaxKind.NoSubstitutionTemplateLiteral) {
      if (node.getText().includes('\n')) ok = false;
    }
  });
  if (!ok) return false;
  const outer = new Set([...params, ...declaredIn(body.getStatements().slice(0, -1))]);
  return !declaredIn(statements).some((name) => outer.has(name)) && !statements.some((s) => Node.isFunctionDeclaration(s));
}

function declaredIn(statements: Node[]): string[] {
  const names: string[] = [];
  for (const statement of statements) {
    if (Node.isVariableStatement(statement))
      statement.getDeclarations().forEach((d) =>
        names.push(
          ...d
            .getNameNode()
            .getText()
            .match(/[A-Za-z_$][\w$]*/g)!,
        ),
      );
    else if (
      (Node.isClassDeclaration(statement) || Node.isFunctionDeclaration(statement) || Node.isEnumDeclaration(statement)) &&
      statement.getName()
    )
      names.push(statement.getName()!);
  }
  return names;
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function rewrite(text: string, statement: IfStatement, inner: Block): TextEdit {
  const indent = lineIndent(text, statement.getStart());
  const statements = inner.getStatements();
  const first = statements[0]!;
  const lastEnd = statements[statements.length - 1]!.getEnd();
  const guard = `if (${negate(statement.getExpression())}) return;\n${indent}`;
  const newline = text.indexOf('\n', inner.getStart() + 1);
  // `if (c) { a(); b(); }` on one line: the statements move as they are.
  if (newline === -1 || newline > first.getStart())
    return { start: statement.getStart(), end: statement.getEnd(), text: guard + text.slice(first.getStart(), lastEnd) };
  const innerIndent = lineIndent(text, first.getStart());
  const dedented = text
    .slice(newline + 1, lastEnd)
    .split('\n')
    .map((line) => (line.startsWith(innerIndent) ? indent + line.slice(innerIndent.length) : line))
    .join('\n');
  return { start: statement.getStart(), end: statement.getEnd(), text: guard + dedented.slice(indent.length) };
}
