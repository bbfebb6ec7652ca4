/**
 * What the agent says at the end of each run of a task job: the plan, the findings counted by
 * severity, the changed files, and what to try next. Plain text, one turn per run.
 */
import type { Change, Finding, PipelineResult, Severity } from '../../core/index.js';
import type { Plan, PlanOutcome } from '../../core/planner/index.js';

const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export function planLines(plan: Plan): string {
  const lines = plan.steps.map((step) => {
    const where = step.target ? ` [${step.target}]` : '';
    const skipped = step.available ? '' : ` — skipped: ${step.reason ?? 'not built yet'}`;
    return `${step.index + 1}. ${step.capability}${where}: ${step.summary}${skipped}`;
  });
  return [`Plan: ${plan.summary}`, ...lines, ...plan.notes.map((note) => `Note: ${note}`)].join('\n');
}

export function findingCounts(findings: Finding[]): string {
  if (findings.length === 0) return 'no findings';
  const parts = SEVERITIES.map((severity) => [severity, findings.filter((f) => f.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => `${count} ${severity}`);
  return `${findings.length} finding(s): ${parts.join(', ')}`;
}

function changedFiles(changes: Change[]): string {
  return changes.length === 0 ? 'none' : changes.map((change) => `${change.path} (${change.action})`).join(', ');
}

function suggestions(plan: Plan, result: PipelineResult, stage: Stage): string[] {
  if (stage === 'awaiting')
    return ['approve with {"action":"approve"}', 'reject with {"action":"reject"}', 'or send a message to change the plan'];
  const next: string[] = [];
  if (result.findings.length > 0 && !plan.filters?.minSeverity) next.push('"only high severity" to narrow the findings');
  if (result.findings.length > 0) next.push('"fix the critical ones" or "suggest refactorings" to act on them');
  if (stage === 'applied') next.push('review the diff in your editor and commit it');
  if (leavesTestsOut(plan)) next.push('"also include the tests folder" to widen the scope');
  if (next.length === 0) next.push('type a follow-up to refine this result');
  return next;
}

/** An analysis that could still be widened to the tests: not a rename or a build, nor a scope that already has them. */
function leavesTestsOut(plan: Plan): boolean {
  return plan.steps.some((step) => {
    if (!step.available || !step.capability.startsWith('analysis.') || step.roles?.includes('build-structure')) return false;
    const include = Array.isArray(step.input.include) ? (step.input.include as unknown[]).map(String) : [];
    return step.input.testFiles !== 'report' && !include.some((glob) => /test|spec/.test(glob));
  });
}

export type Stage = 'done' | 'awaiting' | 'applied';

export function resultTurn(plan: Plan, result: PipelineResult, stage: Stage, extra: string[] = []): string {
  const skipped = plan.steps.filter((step) => !step.available).length;
  const ran = plan.steps.length - skipped;
  const head =
    stage === 'awaiting'
      ? `${result.changes.length} staged change(s) await approval.`
      : stage === 'applied'
        ? `Applied ${result.changes.length} change(s).`
        : 'Done.';
  return [
    `${head} ${plan.summary}`,
    `Steps: ${ran} run, ${skipped} skipped (not built yet). ${findingCounts(result.findings)}${plan.filters?.minSeverity ? ` (severity ${plan.filters.minSeverity} and above)` : ''}.`,
    `Changed files: ${stage === 'done' ? 'none' : changedFiles(result.changes)}.`,
    ...extra,
    `Next: ${suggestions(plan, result, stage).join('; ')}.`,
  ].join('\n');
}

export function unsupportedTurn(outcome: Extract<PlanOutcome, { kind: 'unsupported' }>): string {
  const list = outcome.capabilities.map((capability) => `${capability.id} (${capability.title})`).join(', ');
  return `${outcome.message}\nWhat agentd can do: ${list}.`;
}

export function questionTurn(outcome: Extract<PlanOutcome, { kind: 'question' }>): string {
  if (outcome.options.length === 0) return outcome.message;
  return `${outcome.message}\nOptions: ${outcome.options.map((option, i) => `${i + 1}. ${option}`).join('  ')}`;
}
