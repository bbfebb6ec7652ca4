/**
 * What the statements do that an extracted function cannot simply take along, checked before the
 * language service is asked, so a refusal names the statement and the reason:
 * - `return`: allowed only when the range's last statement is a `return` (every path through the
 *   range then returns, and the call becomes `return name(...)`); otherwise refused;
 * - `break`/`continue` whose loop, switch or label lies outside the range: refused;
 * - `yield`: refused (the function would have to become a generator the caller delegates to);
 * - `this`/`super`: the function becomes a method of the enclosing class; outside a class method, refused;
 * - a destructuring assignment (`[a, b] = [b, a]`) to a variable declared outside the range: refused —
 *   TypeScript's extraction passes such a variable in as a parameter and does not carry the new value
 *   back, so the code after the range would read the old one (immer's generateArrayPatches: it
 *   type-checked and broke the patch tests).
 */
import { ts, type SourceFile } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import { where } from '../ts-project/positions.js';
import type { Selection } from './select-statements.js';

export interface RangeFacts {
  usesThis: boolean;
  returns: boolean;
}

export function checkRange(file: SourceFile, selection: Selection): RangeFacts {
  const facts: RangeFacts = { usesThis: false, returns: false };
  const inRange = (node: ts.Node): boolean => node.getStart() >= selection.pos && node.end <= selection.end;
  const visit = (node: ts.Node, inFunction: boolean, inArrow: boolean): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) {
      const arrow = ts.isArrowFunction(node);
      ts.forEachChild(node, (child) => visit(child, true, arrow ? inArrow || !inFunction : false));
      return;
    }
    if ((node.kind === ts.SyntaxKind.ThisKeyword || node.kind === ts.SyntaxKind.SuperKeyword) && (!inFunction || inArrow))
      facts.usesThis = true;
    if (!inFunction) inspect(node);
    ts.forEachChild(node, (child) => visit(child, inFunction, inArrow));
  };
  const checker = file.getProject().getTypeChecker().compilerObject;
  const container = ts.findAncestor(selection.statements[0]!.parent, ts.isFunctionLike);
  const isWithin = (node: ts.Node, outer: ts.Node): boolean =>
    node.getSourceFile() === outer.getSourceFile() && node.pos >= outer.pos && node.end <= outer.end;
  const inspect = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) facts.returns = true;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isArrayLiteralExpression(node.left) || ts.isObjectLiteralExpression(node.left))
    ) {
      const outer = assignedNames(node.left).find((id) => {
        const declaration = checker.getSymbolAtLocation(id)?.valueDeclaration;
        // A module-level variable stays shared with the extracted function; a local or parameter does not.
        return declaration !== undefined && container !== undefined && isWithin(declaration, container) && !inRange(declaration);
      });
      if (outer)
        throw refuse(
          `The range assigns "${outer.text}", declared outside it, by destructuring at ${where(file, node.getStart())}; the extracted function would change only its own copy — select statements that include its declaration, or assign it without destructuring.`,
        );
    }
    if (ts.isYieldExpression(node))
      throw refuse(
        `The range contains "yield" at ${where(file, node.getStart())}; a generator's body cannot be extracted into a plain function — select statements without yield.`,
      );
    if ((ts.isBreakStatement(node) || ts.isContinueStatement(node)) && !inRange(jumpTarget(node) ?? node.getSourceFile())) {
      const keyword = ts.isBreakStatement(node) ? 'break' : 'continue';
      throw refuse(
        `The range contains "${keyword}" at ${where(file, node.getStart())} whose loop or label is outside the range; include the whole loop or select statements without it.`,
      );
    }
  };
  for (const statement of selection.statements) visit(statement, false, false);
  if (facts.returns && !ts.isReturnStatement(selection.statements.at(-1)!)) {
    throw refuse(
      `The range contains a "return" but does not end with one, so not every path through it returns; end the range with the function's return statement or select statements without return.`,
    );
  }
  return facts;
}

/** The identifiers a destructuring assignment's left side writes (`[a, b]`, `{ x, y: z }`, nested, `...rest`). */
function assignedNames(target: ts.Expression): ts.Identifier[] {
  if (ts.isIdentifier(target)) return [target];
  if (ts.isParenthesizedExpression(target)) return assignedNames(target.expression);
  if (ts.isSpreadElement(target)) return assignedNames(target.expression);
  if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.EqualsToken) return assignedNames(target.left);
  if (ts.isArrayLiteralExpression(target)) return target.elements.flatMap(assignedNames);
  if (ts.isObjectLiteralExpression(target))
    return target.properties.flatMap((p) =>
      ts.isShorthandPropertyAssignment(p)
        ? [p.name]
        : ts.isPropertyAssignment(p)
          ? assignedNames(p.initializer)
          : ts.isSpreadAssignment(p)
            ? assignedNames(p.expression)
            : [],
    );
  return [];
}

/** The loop, switch or labelled statement a break/continue leaves. */
function jumpTarget(node: ts.BreakStatement | ts.ContinueStatement): ts.Node | undefined {
  for (let current: ts.Node | undefined = node.parent; current && !ts.isFunctionLike(current); current = current.parent) {
    if (node.label) {
      if (ts.isLabeledStatement(current) && current.label.text === node.label.text) return current;
    } else if (ts.isIterationStatement(current, false) || (ts.isBreakStatement(node) && ts.isSwitchStatement(current))) {
      return current;
    }
  }
  return undefined;
}

/** The nearest function that `this` would mean, when it is a class member (method, accessor, constructor). */
export function enclosingClassMember(selection: Selection): ts.ClassLikeDeclaration | undefined {
  let current: ts.Node | undefined = selection.container;
  while (current && (!ts.isFunctionLike(current) || ts.isArrowFunction(current))) current = current.parent;
  if (!current) return undefined;
  const member =
    ts.isMethodDeclaration(current) || ts.isConstructorDeclaration(current) || ts.isGetAccessor(current) || ts.isSetAccessor(current);
  return member && ts.isClassLike(current.parent) ? current.parent : undefined;
}
