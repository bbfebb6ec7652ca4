/**
 * Boolean simplification, using the checker's types so meaning never changes:
 * `x === true` -> `x` and `x === false` -> `!x` only when x is boolean-typed; `!!x` -> `x` when x is
 * boolean-typed or the `!!x` is itself a condition (if/while/do/for/ternary test); `c ? true : false`
 * -> `c` (or `!!c`); `if (c) return true; else return false;` (or with the `return false` following
 * the if) -> `return c;` (or `return !!c;`), and the inverse -> `return !c;`.
 */
import { Node, SyntaxKind, type BinaryExpression, type Expression, type IfStatement, type SourceFile, type Statement } from 'ts-morph';
import { asBoolean, isBooleanTyped, negate } from './negate.js';
import type { TextEdit } from './text-edits.js';

const EQUALITY = new Set([
  SyntaxKind.EqualsEqualsEqualsToken,
  SyntaxKind.EqualsEqualsToken,
  SyntaxKind.ExclamationEqualsEqualsToken,
  SyntaxKind.ExclamationEqualsToken,
]);

export function booleanEdits(file: SourceFile): TextEdit[] {
  const edits: TextEdit[] = [];
  const replace = (node: Node, text: string): void => void edits.push({ start: node.getStart(), end: node.getEnd(), text });
  file.forEachDescendant((node) => {
    if (Node.isBinaryExpression(node)) {
      const text = comparedWithLiteral(node);
      if (text !== null) replace(node, text);
    } else if (Node.isPrefixUnaryExpression(node)) {
      const inner = doubleNegated(node);
      if (inner && (isBooleanTyped(inner) || isCondition(node))) replace(node, inner.getText());
    } else if (Node.isConditionalExpression(node)) {
      const text = booleanTernary(node.getCondition(), node.getWhenTrue(), node.getWhenFalse());
      if (text !== null) replace(node, text);
    } else if (Node.isIfStatement(node)) {
      const edit = ifReturnsBoolean(node);
      if (edit) edits.push(edit);
    }
  });
  return edits;
}

const isLiteral = (node: Node, kind: SyntaxKind.TrueKeyword | SyntaxKind.FalseKeyword): boolean => node.getKind() === kind;

function comparedWithLiteral(node: BinaryExpression): string | null {
  const operator = node.getOperatorToken().getKind();
  if (!EQUALITY.has(operator)) return null;
  const [left, right] = [node.getLeft(), node.getRight()];
  const literalRight = isLiteral(right, SyntaxKind.TrueKeyword) || isLiteral(right, SyntaxKind.FalseKeyword);
  const value = literalRight ? left : right;
  const literal = literalRight ? right : left;
  if (!(isLiteral(literal, SyntaxKind.TrueKeyword) || isLiteral(literal, SyntaxKind.FalseKeyword)) || !isBooleanTyped(value)) return null;
  if (isLiteral(value, SyntaxKind.TrueKeyword) || isLiteral(value, SyntaxKind.FalseKeyword)) return null;
  const positive =
    (operator === SyntaxKind.EqualsEqualsEqualsToken || operator === SyntaxKind.EqualsEqualsToken) ===
    isLiteral(literal, SyntaxKind.TrueKeyword);
  return positive ? value.getText() : negate(value);
}

/** The x of `!!x` or `!(!x)`. */
function doubleNegated(node: Node): Expression | null {
  if (!Node.isPrefixUnaryExpression(node) || node.getOperatorToken() !== SyntaxKind.ExclamationToken) return null;
  let operand: Expression = node.getOperand();
  while (Node.isParenthesizedExpression(operand)) operand = operand.getExpression();
  if (!Node.isPrefixUnaryExpression(operand) || operand.getOperatorToken() !== SyntaxKind.ExclamationToken) return null;
  // Inside another prefix operator (`!!!x`, `-!!x`) the outer expression is the one rewritten.
  if (Node.isPrefixUnaryExpression(node.getParent())) return null;
  return operand.getOperand();
}

function isCondition(node: Node): boolean {
  const parent = node.getParent();
  if (!parent) return false;
  if (Node.isIfStatement(parent) || Node.isWhileStatement(parent) || Node.isDoStatement(parent)) return parent.getExpression() === node;
  if (Node.isForStatement(parent)) return parent.getCondition() === node;
  if (Node.isConditionalExpression(parent)) return parent.getCondition() === node;
  return false;
}

function booleanTernary(condition: Expression, whenTrue: Node, whenFalse: Node): string | null {
  if (isLiteral(whenTrue, SyntaxKind.TrueKeyword) && isLiteral(whenFalse, SyntaxKind.FalseKeyword)) return asBoolean(condition);
  if (isLiteral(whenTrue, SyntaxKind.FalseKeyword) && isLiteral(whenFalse, SyntaxKind.TrueKeyword)) return negate(condition);
  return null;
}

/** The boolean literal a statement returns (`return true;` or `{ return true; }`), or null. */
function returnedLiteral(statement: Statement | undefined): SyntaxKind | null {
  let target: Node | undefined = statement;
  if (target && Node.isBlock(target) && target.getStatements().length === 1) target = target.getStatements()[0];
  if (!target || !Node.isReturnStatement(target)) return null;
  const kind = target.getExpression()?.getKind();
  return kind === SyntaxKind.TrueKeyword || kind === SyntaxKind.FalseKeyword ? kind : null;
}

function ifReturnsBoolean(node: IfStatement): TextEdit | null {
  const thenKind = returnedLiteral(node.getThenStatement());
  if (thenKind === null) return null;
  const elseStatement = node.getElseStatement();
  const following = elseStatement ? undefined : node.getNextSibling();
  const other = elseStatement ?? (following && Node.isStatement(following) ? following : undefined);
  const otherKind = returnedLiteral(other as Statement | undefined);
  if (otherKind === null || otherKind === thenKind || (other && Node.isBlock(other) && !elseStatement)) return null;
  const condition = node.getExpression();
  const value = thenKind === SyntaxKind.TrueKeyword ? asBoolean(condition) : negate(condition);
  return { start: node.getStart(), end: (other ?? node).getEnd(), text: `return ${value};` };
}
