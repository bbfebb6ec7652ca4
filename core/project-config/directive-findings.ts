/**
 * Findings about the suppressions themselves, once every check has been reviewed: a rule that no
 * check knows (or no rule at all), a missing reason, and a rule that suppressed nothing although a
 * check reporting it looked at the file (ESLint's unused disable directive). An unused one carries a
 * safe fix: the comment, or the unused rules of it, removed.
 */
import type { Finding, Severity, TextEdit } from '../contracts/index.js';
import type { FindingReview } from './finding-review.js';
import { prefixOf, unknownRulePattern } from './rule-ids.js';
import { INVALID_SUPPRESSION, SUPPRESSION_RULES, SUPPRESSION_WITHOUT_REASON, UNUSED_SUPPRESSION } from './suppression-rules.js';
import { malformedRule, type Directive } from './suppressions.js';

const severityOf = (ruleId: string): Severity => SUPPRESSION_RULES.find((r) => r.id === ruleId)!.defaultSeverity;

function finding(directive: Directive, ruleId: string, message: string, edits?: TextEdit[]): Finding {
  return {
    ruleId,
    severity: severityOf(ruleId),
    message,
    file: directive.file,
    range: {
      startLine: directive.line,
      startColumn: directive.startColumn,
      endLine: directive.line,
      endColumn: Math.max(directive.startColumn, directive.endColumn - 1),
    },
    ...(edits ? { fix: { description: 'Remove the unused part of the suppression comment.', edits } } : {}),
  };
}

/** The edit that removes `unused` rules from a directive: the whole comment (its line when nothing else is on it), or the rules from its list. */
function removal(directive: Directive, unused: string[], text: string): TextEdit[] {
  const { start, end, lineStart, lineEnd } = directive.span;
  const kept = directive.rules.filter((rule) => !unused.includes(rule));
  if (kept.length === 0) {
    const before = text.slice(lineStart, start);
    const after = text.slice(end, lineEnd);
    if (before.trim() === '' && after.trim() === '') return [{ start: lineStart, end: lineEnd, text: '' }];
    const leading = before.length - before.trimEnd().length;
    return [{ start: start - leading, end, text: '' }];
  }
  const block = text.startsWith('/*', start);
  const reason = directive.reason ? ` -- ${directive.reason}` : '';
  return [{ start, end, text: `${block ? '/*' : '//'} agentd-ignore-${directive.kind} ${kept.join(', ')}${reason}${block ? ' */' : ''}` }];
}

function unknownRules(directive: Directive, review: FindingReview): string[] {
  return directive.rules
    .map((rule) => {
      if (malformedRule(rule)) return `"${rule}" is not a rule id`;
      const unknown = unknownRulePattern(rule, review.options.known);
      if (!unknown) return '';
      return `no check reports "${rule}"${unknown.closest ? ` (did you mean "${unknown.closest}"?)` : ''}`;
    })
    .filter(Boolean);
}

/** Whether a check that reports rules of `pattern` analysed `file` in this review. */
function checkedBySomeOwner(pattern: string, file: string, review: FindingReview): boolean {
  const owner = pattern === '*' ? undefined : review.options.known.ownerOfPrefix.get(prefixOf(pattern));
  return review.ran.some((run) => (owner === undefined ? pattern === '*' : run.capabilityId === owner) && run.inScope(file));
}

function findingsOf(directive: Directive, review: FindingReview, text: string): Finding[] {
  const out: Finding[] = [];
  const where = `agentd-ignore-${directive.kind}`;
  const problems =
    directive.rules.length === 0 ? ['it names no rule (write the rule id, `<check>/*` or `*`)'] : unknownRules(directive, review);
  if (problems.length > 0)
    out.push(finding(directive, INVALID_SUPPRESSION, `This ${where} comment cannot suppress anything: ${problems.join('; ')}.`));
  if (!directive.reason)
    out.push(
      finding(directive, SUPPRESSION_WITHOUT_REASON, `This ${where} comment gives no reason; add " -- <why this does not apply here>".`),
    );
  const used = review.used.get(directive) ?? new Set<string>();
  const unused = directive.rules.filter(
    (rule) =>
      !used.has(rule) &&
      !malformedRule(rule) &&
      !unknownRulePattern(rule, review.options.known) &&
      checkedBySomeOwner(rule, directive.file, review),
  );
  if (unused.length > 0) {
    const what = directive.kind === 'file' ? 'in this file' : `on line ${directive.target}`;
    out.push(
      finding(
        directive,
        UNUSED_SUPPRESSION,
        `Unused suppression: ${unused.map((r) => `"${r}"`).join(', ')} reported nothing ${what}; remove it.`,
        removal(directive, unused, text),
      ),
    );
  }
  return out;
}

/** Whether a directive names a rule of this check (or every rule). */
function isAbout(directive: Directive, capabilityId: string, review: FindingReview): boolean {
  return directive.rules.some((rule) => rule === '*' || review.options.known.ownerOfPrefix.get(prefixOf(rule)) === capabilityId);
}

/**
 * The suppression findings of every file in `texts` (the sources the checks looked at), through the
 * rule policy like any other. `about`: only the directives naming that check's rules (a job step
 * reports those; the scan reports all once).
 */
export function directiveFindings(review: FindingReview, texts: ReadonlyMap<string, string>, about?: string): Finding[] {
  const out: Finding[] = [];
  for (const [file, text] of texts) {
    for (const directive of review.directivesOf(file, text)) {
      if (about !== undefined && !isAbout(directive, about, review)) continue;
      for (const found of findingsOf(directive, review, text)) {
        const verdict = review.options.policy.verdict(found);
        if (!verdict.off) out.push(verdict.from ? { ...found, severity: verdict.severity } : found);
      }
    }
  }
  return out;
}
