/**
 * How a settled task job is summarised at the prompt: the agent's turn (an answer or a question),
 * counts of findings by severity, the top findings, changed files, the verification result, and what
 * the user can do next.
 */
import { SEVERITIES } from '../../core/report/index.js';
import type { Palette } from './palette.js';
import type { FindingRecord, TaskJob, TaskResult, Turn } from './task-job.js';

const TOP_FINDINGS = 5;

export function lastAgentTurn(job: TaskJob): Turn | undefined {
  return [...job.turns].reverse().find((turn) => turn.role === 'agent');
}

/** "12 finding(s): 2 high, 10 low" — from the record's totals when it shows only some of them. */
export function severityCounts(findings: FindingRecord[], totals?: TaskResult['counts']): string {
  const total = totals?.findings ?? findings.length;
  if (total === 0) return 'no findings';
  const count = (severity: string): number => totals?.bySeverity?.[severity] ?? findings.filter((f) => f.severity === severity).length;
  const counts = SEVERITIES.map((severity) => [severity, count(severity)] as const).filter(([, n]) => n > 0);
  return `${total} finding(s): ${counts.map(([severity, n]) => `${n} ${severity}`).join(', ')}`;
}

function topFindings(findings: FindingRecord[], total = findings.length): string[] {
  const rank = (f: FindingRecord): number => {
    const index = (SEVERITIES as readonly string[]).indexOf(f.severity);
    return index < 0 ? SEVERITIES.length : index;
  };
  const sorted = [...findings].sort((a, b) => rank(a) - rank(b));
  const lines = sorted
    .slice(0, TOP_FINDINGS)
    .map((f) => `  ${f.severity.padEnd(8)} ${f.file}${f.range ? `:${f.range.startLine}` : ''}  ${f.message}`);
  if (total > TOP_FINDINGS) lines.push(`  … and ${total - TOP_FINDINGS} more`);
  return lines;
}

/** The verify step's outcome, from the job's steps or its error. */
export function verificationLine(job: TaskJob): string | null {
  if (job.error?.code === 'verification_failed') return `Verification failed, nothing was written: ${job.error.message}`;
  const verify = job.steps.find((step) => step.capability.endsWith('.verify'));
  if (!verify || verify.status === 'pending') return null;
  // Nothing could be checked: never "failed" (nothing regressed) nor "passed" (nothing ran).
  if (job.error?.code === 'project_code_not_allowed' && verify.status === 'failed')
    return `Not verified — nothing could be checked: ${job.error.message}`;
  const summary = verify.summary ? ` — ${verify.summary}` : '';
  const refused = (job.notRun ?? []).filter((step) => step.index === verify.index);
  if (verify.status === 'succeeded' && refused.length > 0)
    return `Verification incomplete (${refused.map((step) => step.reason).join('; ')})${summary}`;
  return `Verification ${verify.status === 'succeeded' ? 'passed' : verify.status}${summary}`;
}

/** The agent's own "Next: a; b" line of its turn, when it has one. */
function agentSuggestions(turn: Turn | undefined): string[] {
  const line = turn?.message.split('\n').find((text) => text.startsWith('Next: '));
  return line ? line.slice('Next: '.length).replace(/\.$/, '').split('; ').filter(Boolean) : [];
}

/** What to try next: the agent's own suggestions when it gives some, otherwise ones that follow from the result. */
export function nextSuggestions(job: TaskJob): string[] {
  if (job.result?.suggestions?.length) return job.result.suggestions;
  const fromAgent = agentSuggestions(lastAgentTurn(job));
  if (fromAgent.length > 0) return fromAgent;
  const suggestions: string[] = [];
  const findings = job.result?.findings ?? [];
  if (findings.some((f) => f.severity !== 'high' && f.severity !== 'critical'))
    suggestions.push('"only high severity" to narrow the findings');
  if ((job.status === 'succeeded' || job.status === 'incomplete') && (job.result?.changes?.length ?? 0) > 0)
    suggestions.push('/exec git diff to review what was written');
  if (job.error?.code === 'verification_failed') suggestions.push('/exec npm test to see the failing tests');
  suggestions.push('type a follow-up to refine this result, or /agent universal-agent "<task>" for a new task');
  return suggestions;
}

function statusLine(job: TaskJob, palette: Palette): string {
  const took = job.usage?.durationMs ? ` in ${(job.usage.durationMs / 1000).toFixed(1)} s` : '';
  if (job.status === 'succeeded') return palette.green(`✓ succeeded${took}`);
  if (job.status === 'cancelled') return palette.yellow(`✗ cancelled${job.error ? `: ${job.error.message}` : ''}`);
  if (job.status === 'incomplete') return palette.yellow(`! incomplete${took}: ${job.notRun?.length ?? 0} planned step(s) did not run`);
  if (job.status === 'failed') return palette.red(`✗ failed${took}${job.error ? `: ${job.error.code}: ${job.error.message}` : ''}`);
  return `${job.status}${took}`;
}

export function renderAgentTurn(turn: Turn, palette: Palette): string {
  const options = turn.options?.length ? `\n${turn.options.map((option, i) => `  ${i + 1}) ${option}`).join('\n')}` : '';
  return `${palette.cyan('agent:')} ${turn.message}${options}`;
}

/** The agent's clarifying question, with its options numbered: the next line typed answers it. */
export function renderQuestion(question: { message: string; options: string[] }, palette: Palette): string {
  const options = question.options.map((option, i) => `  ${i + 1}) ${option}`);
  return [`${palette.cyan('agent:')} ${question.message}`, ...options, palette.dim('(type your answer, or the number of an option)')].join(
    '\n',
  );
}

/** The capabilities of the plan's skipped steps, once each with how many steps needed it ("generation.component ×3"). */
function skippedCapabilities(job: TaskJob): string {
  const counts = new Map<string, number>();
  for (const step of job.plan?.steps ?? [])
    if (step.available === false) counts.set(step.capability, (counts.get(step.capability) ?? 0) + 1);
  return [...counts].map(([capability, n]) => (n > 1 ? `${capability} ×${n}` : capability)).join(', ');
}

/** A scored report (analysis.quality) without findings of its own: the files with the lowest scores. */
function weakestFiles(data: unknown[] | undefined): string[] {
  const files = (data ?? [])
    .flatMap((item) => {
      const list = (item as { files?: unknown } | null)?.files;
      return Array.isArray(list) ? (list as { file?: unknown; score?: unknown; grade?: unknown; findings?: unknown }[]) : [];
    })
    .filter((f) => typeof f.file === 'string' && typeof f.score === 'number');
  const worst = [...files].sort((a, b) => (a.score as number) - (b.score as number)).slice(0, 3);
  return worst.map(
    (f) =>
      `  ${String(f.grade ?? '').padEnd(2)} ${String(f.score).padStart(5)}  ${String(f.file)}${typeof f.findings === 'number' ? `  (${f.findings} issue(s))` : ''}`,
  );
}

/**
 * "no findings" is news only when something looked for findings (an analysis ran), not after a rename or
 * a build (whose structure step, the role 'build-structure', is an analysis that places files).
 */
function analysed(job: TaskJob): boolean {
  const planned = job.plan?.steps;
  if (!planned) return true;
  return planned.some(
    (step) => step.available !== false && step.capability.startsWith('analysis.') && !step.roles?.includes('build-structure'),
  );
}

function resultBody(job: TaskJob): string[] {
  const lines: string[] = [];
  const result = job.result;
  if (!result || job.status === 'cancelled') return lines;
  const notRun = job.notRun ?? [];
  if (notRun.length > 0) lines.push('Did not run:', ...notRun.map((step) => `  ${step.index + 1}. ${step.capability} — ${step.reason}`));
  else {
    const skipped = skippedCapabilities(job);
    if (skipped) lines.push(`Not built yet — skipped: ${skipped}`);
  }
  const findings = result.findings ?? [];
  if (findings.length > 0) lines.push(severityCounts(findings, result.counts), ...topFindings(findings, result.counts?.findings));
  else if ((job.status === 'succeeded' || job.status === 'incomplete') && analysed(job))
    lines.push(result.summary?.trim() || severityCounts(findings, result.counts), ...weakestFiles(result.data));
  const changes = result.changes ?? [];
  if (changes.length > 0 && (job.status === 'succeeded' || job.status === 'incomplete')) {
    const total = Math.max(result.counts?.changes ?? 0, new Set(changes.map((c) => c.path)).size);
    const shown = total > changes.length ? `, the first ${changes.length} shown` : '';
    lines.push(`Changed files (${total}${shown}):`, ...changes.map((c) => `  ${c.action.padEnd(6)} ${c.path}`));
  }
  return lines;
}

/** The line of a success's turn that says what happened ("Done. …", "Applied 2 change(s). …"), not the plan it repeats. */
function headLine(message: string | undefined): string | undefined {
  const lines = message?.split('\n') ?? [];
  return lines.find((line) => /^(Done|Applied|Nothing)\b/.test(line)) ?? lines[0];
}

/** A failure's turn often opens with the error the status line already shows: only what it adds is worth printing. */
function withoutError(message: string | undefined, error: string | undefined): string | undefined {
  if (!message || !error || !message.startsWith(error)) return message;
  return message.slice(error.length).trim() || undefined;
}

/** The whole summary of a finished job. */
export function renderResult(job: TaskJob, palette: Palette): string {
  if (job.question) return renderQuestion(job.question, palette);
  const lines = [statusLine(job, palette)];
  // A cancelled job's last agent turn is stale (a rejection or DELETE adds none): the status line says it all.
  const turn = job.status === 'cancelled' ? undefined : lastAgentTurn(job);
  // A success's turn repeats the counts below, so only its head line is shown; a failure's turn may explain more (what agentd can do).
  const said =
    job.status === 'succeeded' || job.status === 'incomplete' ? headLine(turn?.message) : withoutError(turn?.message, job.error?.message);
  if (said) lines.push(`${palette.cyan('agent:')} ${said}`);
  lines.push(...resultBody(job));
  const verification = verificationLine(job);
  if (verification) lines.push(verification);
  if (job.status !== 'cancelled') lines.push(`Next: ${nextSuggestions(job).join('; ')}`);
  return lines.join('\n');
}
