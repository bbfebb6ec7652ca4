/**
 * Matching two statement runs token for token: the same syntax, with identifiers renamed consistently
 * and literals free to differ. Identifiers are classified as local (declared inside the run) or free
 * (declared outside it); properties must be spelled the same on both sides.
 */
import { Node, SyntaxKind } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import type { StatementRun } from './statement-run.js';

export interface FreeName {
  a: string;
  b: string;
  /** The first occurrence in run A (for its type and declaration). */
  node: Node;
  written: boolean;
}

export interface LiteralPair {
  a: Node;
  b: Node;
}

export interface BlockMatch {
  free: FreeName[];
  locals: Map<string, string>;
  literals: LiteralPair[];
}

const LITERAL_KINDS = new Set([
  SyntaxKind.StringLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.BigIntLiteral,
]);

function flatten(run: StatementRun): Node[] {
  const nodes: Node[] = [];
  for (const statement of run.statements) {
    nodes.push(statement);
    statement.forEachDescendant((node) => void nodes.push(node));
  }
  return nodes;
}

export function matchBlocks(a: StatementRun, b: StatementRun): BlockMatch {
  const nodesA = flatten(a);
  const nodesB = flatten(b);
  if (a.statements.length !== b.statements.length)
    throw refuse(
      `The two copies do not have the same statements (${a.statements.length} vs ${b.statements.length}); pass a clone whose copies match statement for statement.`,
    );
  if (nodesA.length !== nodesB.length)
    throw refuse(
      `The copies differ in structure (lines ${a.statements[0]!.getStartLineNumber()}-${a.statements.at(-1)!.getEndLineNumber()} vs ${b.statements[0]!.getStartLineNumber()}-${b.statements.at(-1)!.getEndLineNumber()}); only renamed identifiers and changed literals can be parameterised.`,
    );
  const match: BlockMatch = { free: [], locals: new Map(), literals: [] };
  const reverse = new Map<string, string>();
  for (let i = 0; i < nodesA.length; i += 1) {
    const [x, y] = [nodesA[i]!, nodesB[i]!];
    if (x.getKind() !== y.getKind())
      throw refuse(
        `The copies differ in structure at "${a.file.getBaseName()}" line ${x.getStartLineNumber()} ("${short(x)}" vs "${short(y)}"); only renamed identifiers and changed literals can be parameterised.`,
      );
    if (LITERAL_KINDS.has(x.getKind())) {
      if (x.getText() !== y.getText()) match.literals.push({ a: x, b: y });
    } else if (Node.isIdentifier(x)) {
      pairIdentifiers(x, y, a, b, match, reverse);
    } else if (x.getChildCount() === 0 && x.getText() !== y.getText()) {
      throw refuse(`The copies differ at line ${x.getStartLineNumber()} ("${short(x)}" vs "${short(y)}"), which cannot be parameterised.`);
    }
  }
  return match;
}

function short(node: Node): string {
  return node.getText().split('\n')[0]!.slice(0, 40);
}

function pairIdentifiers(x: Node, y: Node, a: StatementRun, b: StatementRun, match: BlockMatch, reverse: Map<string, string>): void {
  const [nameA, nameB] = [x.getText(), y.getText()];
  if (isPropertyName(x)) {
    if (nameA !== nameB)
      throw refuse(
        `The copies use different property names ("${nameA}" vs "${nameB}") at line ${x.getStartLineNumber()}; only variables and literals can become parameters.`,
      );
    return;
  }
  if (Node.isShorthandPropertyAssignment(x.getParent()) && nameA !== nameB)
    throw refuse(
      `"{ ${nameA} }" and "{ ${nameB} }" (line ${x.getStartLineNumber()}) build objects with different keys; only variables and literals can become parameters.`,
    );
  const local = declaredInside(x, a);
  if (local !== declaredInside(y, b))
    throw refuse(`"${nameA}" and "${nameB}" (line ${x.getStartLineNumber()}) are declared inside one copy but outside the other.`);
  const known = local ? match.locals.get(nameA) : match.free.find((f) => f.a === nameA)?.b;
  if ((known !== undefined && known !== nameB) || (reverse.has(nameB) && reverse.get(nameB) !== nameA)) {
    throw refuse(
      `"${nameA}" is renamed inconsistently between the copies (line ${x.getStartLineNumber()}); a parameter can stand for one name only.`,
    );
  }
  reverse.set(nameB, nameA);
  if (local) match.locals.set(nameA, nameB);
  else if (known === undefined) match.free.push({ a: nameA, b: nameB, node: x, written: false });
  if (!local && isWritten(x)) match.free.find((f) => f.a === nameA)!.written = true;
}

function isPropertyName(node: Node): boolean {
  const parent = node.getParent();
  if (!parent) return false;
  if (Node.isPropertyAccessExpression(parent)) return parent.getNameNode() === node;
  if (
    Node.isPropertyAssignment(parent) ||
    Node.isMethodDeclaration(parent) ||
    Node.isPropertyDeclaration(parent) ||
    Node.isPropertySignature(parent)
  )
    return parent.getNameNode() === node;
  if (Node.isQualifiedName(parent) || Node.isTypeReference(parent)) return true;
  return false;
}

/** Whether the identifier's declaration lies inside the run. */
function declaredInside(node: Node, run: StatementRun): boolean {
  const start = run.statements[0]!.getStart();
  const end = run.statements[run.statements.length - 1]!.getEnd();
  const declarations = node.getSymbol()?.getDeclarations() ?? [];
  return declarations.some((d) => d.getSourceFile() === run.file && d.getStart() >= start && d.getEnd() <= end);
}

function isWritten(node: Node): boolean {
  const parent = node.getParent();
  if (
    Node.isBinaryExpression(parent) &&
    parent.getLeft() === node &&
    parent.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment &&
    parent.getOperatorToken().getKind() <= SyntaxKind.LastAssignment
  )
    return true;
  return Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)
    ? [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(parent.getOperatorToken())
    : false;
}
