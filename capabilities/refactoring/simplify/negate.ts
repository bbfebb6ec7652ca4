/** The text of `!expr`, parenthesised where needed, and undoing an existing negation or comparison. */
import { Node, SyntaxKind, type Expression } from 'ts-morph';

const INVERSE: Partial<Record<SyntaxKind, string>> = {
  [SyntaxKind.EqualsEqualsEqualsToken]: '!==',
  [SyntaxKind.ExclamationEqualsEqualsToken]: '===',
  [SyntaxKind.EqualsEqualsToken]: '!=',
  [SyntaxKind.ExclamationEqualsToken]: '==',
};

/** True when `!text` needs no parentheses around the expression. */
export function isTight(expression: Expression): boolean {
  return (
    Node.isIdentifier(expression) ||
    Node.isPropertyAccessExpression(expression) ||
    Node.isCallExpression(expression) ||
    Node.isElementAccessExpression(expression) ||
    Node.isParenthesizedExpression(expression) ||
    Node.isPrefixUnaryExpression(expression) ||
    expression.getKind() === SyntaxKind.TrueKeyword ||
    expression.getKind() === SyntaxKind.FalseKeyword
  );
}

export function negate(expression: Expression): string {
  if (Node.isPrefixUnaryExpression(expression) && expression.getOperatorToken() === SyntaxKind.ExclamationToken) {
    const operand = expression.getOperand();
    return Node.isParenthesizedExpression(operand) ? operand.getExpression().getText() : operand.getText();
  }
  if (Node.isBinaryExpression(expression)) {
    // Only (in)equality flips safely: `!(a < b)` is not `a >= b` when either side is NaN.
    const inverse = INVERSE[expression.getOperatorToken().getKind()];
    if (inverse) return `${expression.getLeft().getText()} ${inverse} ${expression.getRight().getText()}`;
  }
  return isTight(expression) ? `!${expression.getText()}` : `!(${expression.getText()})`;
}

/** `expr` as a boolean: itself when it already is one, `!!expr` otherwise. */
export function asBoolean(expression: Expression): string {
  if (isBooleanTyped(expression)) return expression.getText();
  return isTight(expression) ? `!!${expression.getText()}` : `!!(${expression.getText()})`;
}

export function isBooleanTyped(expression: Expression): boolean {
  const type = expression.getType();
  return type.isBoolean() || type.isBooleanLiteral();
}
