/**
 * JavaScript literals as a bug report writes them — `{ qty: 2, price: 'x' }`, `[1, 2]`, `-3`, `"a"`,
 * `null`, `undefined`, `NaN` — read into values with TypeScript's parser. Nothing is evaluated: an
 * identifier, a call or any other expression is not a literal and gives null.
 */
import ts from 'typescript';

export type Literal = { value: unknown };

function valueOf(node: ts.Expression): Literal | null {
  if (ts.isParenthesizedExpression(node)) return valueOf(node.expression);
  if (ts.isNumericLiteral(node)) return { value: Number(node.text) };
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { value: node.text };
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return { value: undefined };
    if (node.text === 'NaN') return { value: NaN };
    if (node.text === 'Infinity') return { value: Infinity };
    return null;
  }
  if (ts.isPrefixUnaryExpression(node) && (node.operator === ts.SyntaxKind.MinusToken || node.operator === ts.SyntaxKind.PlusToken)) {
    const inner = valueOf(node.operand);
    if (!inner || typeof inner.value !== 'number') return null;
    return { value: node.operator === ts.SyntaxKind.MinusToken ? -inner.value : inner.value };
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items: unknown[] = [];
    for (const element of node.elements) {
      const item = ts.isOmittedExpression(element) ? null : valueOf(element);
      if (!item) return null;
      items.push(item.value);
    }
    return { value: items };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const object: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) return null;
      const name = property.name;
      const key = ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null;
      const item = key === null ? null : valueOf(property.initializer);
      if (key === null || !item) return null;
      object[key] = item.value;
    }
    return { value: object };
  }
  return null;
}

function parsed(text: string): ts.Expression | null {
  const file = ts.createSourceFile('report.ts', `(${text}\n);`, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  const statement = file.statements[0];
  if (diagnostics.length > 0 || file.statements.length !== 1 || !statement || !ts.isExpressionStatement(statement)) return null;
  return statement.expression;
}

/** One literal (`6`, `{ total: 0 }`), or null when the text is not one. */
export function readLiteral(text: string): Literal | null {
  const expression = parsed(text.trim());
  return expression ? valueOf(expression) : null;
}

/** An argument list without its parentheses (`{ qty: 2 }, 'EUR'`), or null when one of them is not a literal. */
export function readArguments(text: string): unknown[] | null {
  if (text.trim() === '') return [];
  const expression = parsed(`[${text}]`);
  const list = expression ? valueOf(expression) : null;
  return list && Array.isArray(list.value) ? list.value : null;
}

/** A value as the report and the summary show it: JSON, with undefined/NaN/Infinity spelled as JavaScript does. */
export function shownValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? String(value);
}
