/**
 * smells/unreachable-code: statements after a return/throw/break/continue in the same block or
 * switch case, as ESLint's no-unreachable reports them for that simplest case (hoisted function
 * declarations, type declarations and `var x;` without initialiser are not code that runs).
 * Paths that end in every branch of an if/else are not followed (no code-path analysis).
 */
import type { Finding } from '../../../core/index.js';
import { endColumnOf, endRowOf, nodesOfType, startColumnOf, startRowOf, type SyntaxNode as Node, textOf } from '../../../core/index.js';

const JUMPS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement']);
const CONTAINERS = ['statement_block', 'switch_case', 'switch_default', 'program'];
const NOT_EXECUTED = new Set([
  'function_declaration',
  'generator_function_declaration',
  'empty_statement',
  'comment',
  'interface_declaration',
  'type_alias_declaration',
  'ambient_declaration',
]);

function isStatement(child: Node, container: Node): boolean {
  if (!child.named) return false;
  // A switch case's own test expression is a named child but not a statement.
  return !(container.type === 'switch_case' && child.field === 'value');
}

function runs(statement: Node, source: string): boolean {
  if (NOT_EXECUTED.has(statement.type)) return false;
  return !(statement.type === 'variable_declaration' && !textOf(statement, source).includes('='));
}

export function unreachableFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  // `root` is a file's root: its node index lists the containers, outer before inner.
  for (const container of nodesOfType(root, CONTAINERS)) {
    const statements = container.children.filter((c) => isStatement(c, container));
    const jumpAt = statements.findIndex((s) => JUMPS.has(s.type));
    if (jumpAt === -1) continue;
    const dead = statements.slice(jumpAt + 1).filter((s) => runs(s, source));
    if (dead.length === 0) continue;
    const first = dead[0]!;
    const last = dead[dead.length - 1]!;
    const jump = statements[jumpAt]!.type.replace('_statement', '');
    findings.push({
      ruleId: 'smells/unreachable-code',
      severity: 'medium',
      message: `${dead.length === 1 ? 'This statement' : `These ${dead.length} statements`} can never run: they follow a ${jump} in the same block; delete or move them.`,
      file,
      range: {
        startLine: startRowOf(first) + 1,
        startColumn: startColumnOf(first) + 1,
        endLine: endRowOf(last) + 1,
        endColumn: Math.max(endColumnOf(last), 1),
      },
      data: { after: jump, statements: dead.length },
    });
  }
  return findings;
}
