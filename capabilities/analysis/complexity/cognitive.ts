/**
 * Cognitive complexity, as defined by G. Ann Campbell, "Cognitive Complexity: A new way of measuring
 * understandability" (SonarSource, 2018, v1.4):
 * - +1 (plus the current nesting level) for if, ?:, switch, for, for-in/of, while, do-while, catch;
 * - +1 (no nesting bonus) for else if, else, labelled break/continue, each run of like logical
 *   operators in a sequence (&&, ||, and, as SonarJS does, ??), and a direct recursive call;
 * - nesting rises inside those structures' bodies and inside nested functions (lambdas, methods of
 *   inner classes), whose increments also count toward every enclosing function, as in the paper's
 *   lambda example. Each nested function also gets its own score, counted from its own body.
 */
import {
  COGNITIVE_NESTING_STRUCTURES,
  fieldChild,
  firstNamedChild,
  logicalParent,
  NESTED_FIELDS,
  type SyntaxNode as Node,
} from '../../../core/index.js';
import { isElseIf } from './nesting.js';
import { logicalOperator } from './cyclomatic.js';

export interface Increment {
  amount: number;
  /** Whether the current nesting level is added as well. */
  nested: boolean;
}

export function cognitiveIncrement(node: Node): Increment | undefined {
  if (COGNITIVE_NESTING_STRUCTURES.has(node.type)) return isElseIf(node) ? { amount: 1, nested: false } : { amount: 1, nested: true };
  if (node.type === 'else_clause') return elseBody(node)?.type === 'if_statement' ? undefined : { amount: 1, nested: false };
  if ((node.type === 'break_statement' || node.type === 'continue_statement') && fieldChild(node, 'label'))
    return { amount: 1, nested: false };
  if (logicalOperator(node) && !isLogicalOperand(node)) return { amount: operatorRuns(node), nested: false };
  return undefined;
}

function elseBody(node: Node): Node | undefined {
  return firstNamedChild(node);
}

/** Whether a child sits in a nested body of its parent structure (an `else` body is nested; an `else if` is not). */
export function isNestedChild(parent: Node, child: Node): boolean {
  if (parent.type === 'else_clause') return child.named && child.type !== 'if_statement' && child.type !== 'comment';
  const fields = NESTED_FIELDS[parent.type];
  return fields !== undefined && child.field !== null && fields.includes(child.field);
}

export function isLogicalOperand(node: Node): boolean {
  const parent = logicalParent(node);
  return parent !== null && logicalOperator(parent) !== undefined;
}

/**
 * Runs of like operators in a flattened logical expression: `a && b || c && d` has 3. An explicit
 * in-order walk, not recursion: a generated chain of 20,000 `&&` overflowed the stack.
 */
export function operatorRuns(root: Node): number {
  const operators: string[] = [];
  const work: (Node | string)[] = [root];
  while (work.length > 0) {
    const item = work.pop()!;
    if (typeof item === 'string') {
      operators.push(item);
      continue;
    }
    let inner: Node | undefined = item;
    while (inner?.type === 'parenthesized_expression') inner = firstNamedChild(inner);
    const operator = inner ? logicalOperator(inner) : undefined;
    if (!inner || !operator) continue;
    work.push(fieldChild(inner, 'right')!, operator, fieldChild(inner, 'left')!);
  }
  return operators.filter((op, i) => i === 0 || operators[i - 1] !== op).length;
}
