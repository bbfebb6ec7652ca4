/** Initialisers that can be dropped without losing a side effect (no calls, getters, coercions or spreads). */
import { Node, SyntaxKind, type Expression } from 'ts-morph';

const LITERALS = new Set([
  SyntaxKind.StringLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.RegularExpressionLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
]);

export function isPure(expression: Expression | undefined): boolean {
  if (!expression) return true;
  if (LITERALS.has(expression.getKind()) || Node.isIdentifier(expression)) return true;
  if (Node.isArrowFunction(expression) || Node.isFunctionExpression(expression)) return true;
  if (
    Node.isParenthesizedExpression(expression) ||
    Node.isAsExpression(expression) ||
    Node.isSatisfiesExpression(expression) ||
    Node.isNonNullExpression(expression) ||
    Node.isTypeAssertion(expression)
  ) {
    return isPure(expression.getExpression());
  }
  if (Node.isPrefixUnaryExpression(expression)) return LITERALS.has(expression.getOperand().getKind());
  if (Node.isTypeOfExpression(expression) || Node.isVoidExpression(expression)) return isPure(expression.getExpression());
  if (Node.isArrayLiteralExpression(expression)) return expression.getElements().every((e) => !Node.isSpreadElement(e) && isPure(e));
  if (Node.isObjectLiteralExpression(expression)) {
    return expression
      .getProperties()
      .every(
        (p) =>
          (Node.isPropertyAssignment(p) && !Node.isComputedPropertyName(p.getNameNode()) && isPure(p.getInitializer())) ||
          Node.isShorthandPropertyAssignment(p) ||
          Node.isMethodDeclaration(p),
      );
  }
  return false;
}
