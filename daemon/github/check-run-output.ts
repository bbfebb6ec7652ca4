/**
 * What the check run says: annotations on the pull request's changed lines only (GitHub takes at most
 * 50 per request, so they are sent in batches), a summary of new findings beside the whole head's by
 * severity and check, and the conclusion: failure when a new finding is at or above the repository's
 * failOn, or when a check failed to run (as `agentd scan` exits 2), else success.
 */
import type { Severity } from '../../core/contracts/index.js';
import { atOrAbove } from '../../core/report/index.js';
import { isChanged, type ChangedLines } from './changed-lines.js';
import type { Baseline } from './default-branch-baseline.js';
import type { ScanFinding, ScanOutcome } from './scan-process.js';

export const ANNOTATIONS_PER_REQUEST = 50;
const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning' | 'notice';
  message: string;
  title: string;
}

export interface CheckRunOutput {
  conclusion: 'success' | 'failure';
  title: string;
  summary: string;
  /** Batches of at most 50, in order. */
  annotationBatches: Annotation[][];
  newFindings: number;
  totalFindings: number;
  /** Findings on changed lines that the default branch's baseline already had (not annotated). */
  onBaseline: number;
}

function level(severity: Severity): Annotation['annotation_level'] {
  if (severity === 'critical' || severity === 'high') return 'failure';
  return severity === 'medium' ? 'warning' : 'notice';
}

function annotation(finding: ScanFinding): Annotation {
  const start = finding.range.startLine;
  return {
    path: finding.file,
    start_line: start,
    end_line: Math.max(start, finding.range.endLine),
    annotation_level: level(finding.severity),
    message: finding.message.slice(0, 64 * 1024),
    title: `${finding.ruleId} (${finding.severity})`.slice(0, 255),
  };
}

function bySeverity(findings: readonly ScanFinding[]): Map<Severity, number> {
  const counts = new Map<Severity, number>();
  for (const finding of findings) counts.set(finding.severity, (counts.get(finding.severity) ?? 0) + 1);
  return counts;
}

function byCheck(findings: readonly ScanFinding[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.capability, (counts.get(finding.capability) ?? 0) + 1);
  return counts;
}

/**
 * `baseline`: the default branch's scan (null before the first push to it): a finding on a changed line
 * whose fingerprint it has is the base's, not the pull request's. `notes`: lines added to the summary.
 */
export function checkRunOutput(
  scan: ScanOutcome,
  changed: { lines: ChangedLines; wholeFiles: Set<string> },
  baseline: Baseline | null = null,
  notes: readonly string[] = [],
): CheckRunOutput {
  const known = new Set(baseline?.fingerprints ?? []);
  const onChanged = scan.findings.filter((finding) => isChanged(changed, finding.file, finding.range.startLine));
  const fresh = onChanged.filter((finding) => !known.has(finding.fingerprint));
  const onBaseline = onChanged.length - fresh.length;
  const gated = scan.failOn === 'none' ? [] : fresh.filter((finding) => atOrAbove(finding.severity, scan.failOn as Severity));
  const failedRun = scan.failedChecks.length > 0;
  const conclusion = gated.length > 0 || failedRun ? 'failure' : 'success';
  const title = failedRun
    ? `${scan.failedChecks.length} check(s) could not run; ${fresh.length} new finding(s)`
    : `${fresh.length} new finding(s) on changed lines, ${gated.length} at or above ${scan.failOn}`;
  const annotations = fresh.map(annotation);
  const annotationBatches: Annotation[][] = [];
  for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST)
    annotationBatches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  return {
    conclusion,
    title,
    summary: summary(scan, fresh, gated.length, [baselineLine(baseline, onBaseline), ...notes]),
    annotationBatches,
    newFindings: fresh.length,
    totalFindings: scan.findings.length,
    onBaseline,
  };
}

function baselineLine(baseline: Baseline | null, onBaseline: number): string {
  if (!baseline)
    return 'No baseline of the default branch yet (one is made on each push to it): findings are judged by the changed lines alone.';
  return `Baseline: the default branch \`${baseline.branch}\` at \`${baseline.sha.slice(0, 12)}\` (${baseline.fingerprints.length} finding(s)); ${onBaseline} finding(s) on changed lines that it already had are not blamed on this pull request.`;
}

function summary(scan: ScanOutcome, fresh: readonly ScanFinding[], gated: number, notes: readonly string[]): string {
  const newCounts = bySeverity(fresh);
  const allCounts = bySeverity(scan.findings);
  const lines = [
    `**Quality gate: ${gated > 0 || scan.failedChecks.length > 0 ? 'failed' : 'passed'}** — ${gated} new finding(s) at or above \`${scan.failOn}\` (failOn from ${scan.configFile ? `\`${scan.configFile}\`` : "agentd's default"}).`,
    '',
    '| severity | new (changed lines) | whole head |',
    '| --- | ---: | ---: |',
    ...SEVERITIES.map((severity) => `| ${severity} | ${newCounts.get(severity) ?? 0} | ${allCounts.get(severity) ?? 0} |`),
    `| **total** | **${fresh.length}** | **${scan.findings.length}** |`,
    '',
  ];
  const checks = [...byCheck(scan.findings)].sort((a, b) => b[1] - a[1]);
  if (checks.length > 0) lines.push(`By check (whole head): ${checks.map(([check, count]) => `${check} ${count}`).join(', ')}.`, '');
  for (const failed of scan.failedChecks) lines.push(`- :warning: \`${failed.capability}\` could not run: ${failed.message}`);
  if (notes.length > 0) lines.push('', ...notes, '');
  lines.push(
    `${scan.filesScanned} files, ${scan.linesScanned} lines scanned in ${(scan.durationMs / 1000).toFixed(1)} s. Findings the base branch already had, and findings outside the changed lines, are not annotated.`,
  );
  return lines.join('\n').slice(0, 65_000);
}
