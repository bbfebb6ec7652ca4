/** The rules agentd reports about in-source suppressions themselves (like ESLint's --report-unused-disable-directives). */
import type { CapabilityMeta, RuleDoc } from '../contracts/index.js';

export const SUPPRESSIONS_ID = 'agentd.suppressions';
export const UNUSED_SUPPRESSION = 'agentd/unused-suppression';
export const SUPPRESSION_WITHOUT_REASON = 'agentd/suppression-without-reason';
export const INVALID_SUPPRESSION = 'agentd/invalid-suppression';

export const SUPPRESSION_RULES: RuleDoc[] = [
  {
    id: UNUSED_SUPPRESSION,
    title: 'Unused suppression',
    defaultSeverity: 'low',
    category: 'suppressions',
    description: 'An agentd-ignore comment names a rule that no longer reports anything where it points (the check ran on the file).',
    why: 'A stale suppression hides the next real finding of that rule on that line without anyone deciding to.',
    example: {
      bad: '// agentd-ignore-next-line smells/magic-number -- retry limit\nconst retries = MAX_RETRIES;',
      good: 'const retries = MAX_RETRIES;',
    },
    fix: 'Delete the comment, or the rule from its list (`agentd scan --fix` does it).',
  },
  {
    id: SUPPRESSION_WITHOUT_REASON,
    title: 'Suppression without a reason',
    defaultSeverity: 'medium',
    category: 'suppressions',
    description: 'An agentd-ignore comment gives no reason after ` -- `. It still suppresses, and is reported so a reviewer sees it.',
    why: 'The next reader cannot tell a considered exception from a silenced warning.',
    example: {
      bad: '// agentd-ignore-next-line security/sql-injection',
      good: '// agentd-ignore-next-line security/sql-injection -- the table name is one of the constants above',
    },
    fix: 'Add ` -- <why this finding does not apply here>` to the comment.',
  },
  {
    id: INVALID_SUPPRESSION,
    title: 'Invalid suppression',
    defaultSeverity: 'medium',
    category: 'suppressions',
    description: 'An agentd-ignore comment lists no rule, or a rule id no check reports (a typo, or a rule that was renamed).',
    why: 'It suppresses nothing, so the finding it was written for is still reported or will be again.',
    example: {
      bad: '// agentd-ignore-next-line security/sql-injecton -- constant table',
      good: '// agentd-ignore-next-line security/sql-injection -- constant table',
    },
    fix: 'Name the rule exactly as the finding shows it (`<check>/*` or `*` for several).',
  },
];

/** A meta for reports and SARIF: the suppression findings' rules are documented like every check's. */
export const SUPPRESSIONS_META: CapabilityMeta = {
  id: SUPPRESSIONS_ID,
  group: 'analysis',
  title: 'In-source suppressions',
  description: 'Reports agentd-ignore comments that are unused, invalid or without a reason.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
  rules: SUPPRESSION_RULES,
};
