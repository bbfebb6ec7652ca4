/**
 * Cyclomatic complexity exactly as ESLint 10's `complexity` rule (classic variant) counts it: each unit
 * starts at 1 and these nodes add 1 to the innermost unit (lib/rules/complexity.js):
 * IfStatement, ConditionalExpression, LogicalExpression (&&, ||, ??), For/ForIn/ForOf/While/DoWhile,
 * CatchClause, SwitchCase with a test (not `default`), AssignmentPattern (default values of parameters
 * and of destructuring), logical assignments (&&=, ||=, ??=), and each optional member access or
 * optional call (`a?.b`, `a?.[i]`, `f?.()` — one per `?.`).
 * Below, the same constructs in tree-sitter's JavaScript/TypeScript grammars.
 */
import { CYCLOMATIC_ALWAYS, fieldChild, type SyntaxNode as Node } from '../../../core/index.js';

const LOGICAL_OPERATORS = new Set(['&&', '||', '??']);
const LOGICAL_ASSIGNMENTS = new Set(['&&=', '||=', '??=']);

export function logicalOperator(node: Node): string | undefined {
  if (node.type !== 'binary_expression') return undefined;
  const operator = fieldChild(node, 'operator')?.type;
  return operator !== undefined && LOGICAL_OPERATORS.has(operator) ? operator : undefined;
}

export function cyclomaticIncrement(node: Node): number {
  if (CYCLOMATIC_ALWAYS.has(node.type)) return 1;
  switch (node.type) {
    case 'binary_expression':
      return logicalOperator(node) ? 1 : 0;
    case 'augmented_assignment_expression':
      return LOGICAL_ASSIGNMENTS.has(fieldChild(node, 'operator')?.type ?? '') ? 1 : 0;
    // TypeScript's grammar keeps a default parameter value on the parameter node, not in an assignment_pattern.
    case 'required_parameter':
    case 'optional_parameter':
      return fieldChild(node, 'value') ? 1 : 0;
    case 'member_expression':
    case 'subscript_expression':
    case 'call_expression':
      return hasOptionalChain(node) ? 1 : 0;
    default:
      return 0;
  }
}

/** An `optional_chain` or `?.` child: one pass over the children (members and calls are most nodes the walker measures). */
function hasOptionalChain(node: Node): boolean {
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const type = children[i]!.type;
    if (type === 'optional_chain' || type === '?.') return true;
  }
  return false;
}
