/** One `duplication/clone` finding per clone pair, placed on the copy, naming the original. */
import type { Finding, RuleDoc } from '../../../core/index.js';
import type { Clone } from './clone-report.js';
import { RULE_ID } from './options.js';

export const RULES: RuleDoc[] = [
  {
    id: RULE_ID,
    title: 'Duplicated code',
    defaultSeverity: 'low',
    description:
      'A run of at least minTokens tokens (default 50) spanning at least minLines lines (default 5) appears twice, exactly or with identifiers renamed consistently and literals changed. Comments and whitespace are ignored. Medium severity from mediumLines lines (default 30), low below.',
    why: 'Every copy has to be found and changed when the logic changes; copies drift apart and bugs fixed in one survive in the other.',
    example: {
      bad: 'function totalA(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price * item.quantity;\n  return sum;\n}\nfunction totalB(lines) {\n  let sum = 0;\n  for (const line of lines) sum += line.price * line.quantity;\n  return sum;\n}',
      good: 'function total(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price * item.quantity;\n  return sum;\n}\n// both callers use total()',
    },
    fix: 'Extract the shared code into one function (or component, or module) and call it from both places; parameterise what differs (refactoring.dedupe can do this).',
    category: 'duplication',
  },
];

const span = (l: Clone['first']): string => (l.startLine === l.endLine ? `line ${l.startLine}` : `lines ${l.startLine}-${l.endLine}`);

export function cloneFinding(clone: Clone, mediumLines: number): Finding {
  const { first, second } = clone;
  const where = first.file === second.file ? `${span(first)} of the same file` : `"${first.file}" ${span(first)}`;
  const how = clone.kind === 'exact' ? 'repeat' : 'repeat, with renamed identifiers or changed literals,';
  return {
    ruleId: RULE_ID,
    severity: clone.lines >= mediumLines ? 'medium' : 'low',
    message: `${span(second)} (${clone.lines} lines, ${clone.tokens} tokens) ${how} ${where}; extract the shared code.`,
    file: second.file,
    range: { startLine: second.startLine, startColumn: second.startColumn, endLine: second.endLine, endColumn: second.endColumn },
    data: { kind: clone.kind, lines: clone.lines, tokens: clone.tokens, first, second },
  };
}
