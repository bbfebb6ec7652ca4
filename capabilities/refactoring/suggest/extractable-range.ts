/**
 * The largest run of whole statements inside a function that refactoring.extract-function can take:
 * no `return`, no `break`/`continue` leaving the run, no `yield` or `arguments`, and `this` only in a
 * class member (which extract-function turns into a method). The whole body is never proposed.
 */
import { Node, SyntaxKind, type Block, type Statement } from 'ts-morph';

export interface StatementRange {
  startLine: number;
  endLine: number;
  statements: number;
}

const MIN_STATEMENTS = 2;
const MIN_LINES = 3;

const LOOPS = new Set([
  SyntaxKind.ForStatement,
  SyntaxKind.ForInStatement,
  SyntaxKind.ForOfStatement,
  SyntaxKind.WhileStatement,
  SyntaxKind.DoStatement,
]);

export function largestExtractable(fn: Node): StatementRange | null {
  const body = (fn as unknown as { getBody?: () => Node | undefined }).getBody?.();
  if (!body || !Node.isBlock(body)) return null;
  const inClass =
    Node.isMethodDeclaration(fn) ||
    Node.isConstructorDeclaration(fn) ||
    Node.isGetAccessorDeclaration(fn) ||
    Node.isSetAccessorDeclaration(fn);
  let best: StatementRange | null = null;
  const blocks: Block[] = [body];
  body.forEachDescendant((node, traversal) => {
    if (Node.isFunctionLikeDeclaration(node) || Node.isArrowFunction(node) || Node.isClassDeclaration(node) || Node.isClassExpression(node))
      return traversal.skip();
    if (Node.isBlock(node)) blocks.push(node);
  });
  for (const block of blocks) {
    for (const run of runs(block.getStatements(), inClass)) {
      const window = block === body && run.length === block.getStatements().length ? run.slice(0, -1) : run;
      const range = rangeOf(window);
      if (range && (!best || range.endLine - range.startLine > best.endLine - best.startLine)) best = range;
    }
  }
  return best;
}

function runs(statements: Statement[], inClass: boolean): Statement[][] {
  const found: Statement[][] = [];
  let current: Statement[] = [];
  for (const statement of statements) {
    if (extractable(statement, inClass)) current.push(statement);
    else {
      if (current.length > 0) found.push(current);
      current = [];
    }
  }
  if (current.length > 0) found.push(current);
  return found;
}

function rangeOf(statements: Statement[]): StatementRange | null {
  if (statements.length < MIN_STATEMENTS) return null;
  const startLine = statements[0]!.getStartLineNumber();
  const endLine = statements[statements.length - 1]!.getEndLineNumber();
  return endLine - startLine + 1 >= MIN_LINES ? { startLine, endLine, statements: statements.length } : null;
}

function extractable(statement: Statement, inClass: boolean): boolean {
  if (
    Node.isFunctionDeclaration(statement) ||
    Node.isClassDeclaration(statement) ||
    Node.isInterfaceDeclaration(statement) ||
    Node.isTypeAliasDeclaration(statement)
  )
    return false;
  if (Node.isVariableStatement(statement) && statement.getDeclarationKind() === 'var') return false;
  return blockingConstruct(statement, inClass) === null;
}

/**
 * What keeps a statement from moving into a function of its own, or null: `return`, `yield`,
 * `arguments`, a `break`/`continue` leaving it, and `this` unless `allowThis` (a class member).
 */
export function blockingConstruct(statement: Statement, allowThis: boolean): string | null {
  let reason: string | null = null;
  let line = 0;
  const block = (node: Node, why: string): void => {
    reason = why;
    line = node.getStartLineNumber();
  };
  // `nested`: inside an arrow function of the statement, whose own return/yield/break/continue stay
  // inside it; only `this` and `arguments` there are the enclosing function's.
  const visit = (node: Node, nested: boolean): void => {
    if (reason) return;
    if (
      Node.isFunctionLikeDeclaration(node) ||
      Node.isArrowFunction(node) ||
      Node.isClassDeclaration(node) ||
      Node.isClassExpression(node)
    ) {
      if (Node.isArrowFunction(node)) node.forEachChild((child) => visit(child, true));
      return;
    }
    const kind = node.getKind();
    if (kind === SyntaxKind.ThisKeyword && !allowThis) block(node, '"this"');
    else if (Node.isIdentifier(node) && node.getText() === 'arguments') block(node, '"arguments"');
    else if (nested) {
      // a jump inside the arrow function is its own
    } else if (kind === SyntaxKind.ReturnStatement) block(node, 'a return statement');
    else if (kind === SyntaxKind.YieldExpression) block(node, 'a yield');
    else if ((Node.isBreakStatement(node) || Node.isContinueStatement(node)) && escapes(node, statement))
      block(node, `a ${node.getText().replace(/;$/, '')} that leaves the block`);
    node.forEachChild((child) => visit(child, nested));
  };
  visit(statement, false);
  return reason ? `line ${line} has ${reason as string}` : null;
}

function escapes(jump: Node, boundary: Statement): boolean {
  if ((jump as unknown as { getLabel?: () => Node | undefined }).getLabel?.()) return true;
  for (let node: Node | undefined = jump.getParent(); node; node = node.getParent()) {
    if (LOOPS.has(node.getKind()) || (Node.isBreakStatement(jump) && Node.isSwitchStatement(node))) return false;
    if (node === boundary) return true;
  }
  return true;
}
