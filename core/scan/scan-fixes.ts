/**
 * `agentd scan --fix`: the safe fixes findings carry (`fix.edits`: ESLint's own fixes, unused
 * agentd-ignore comments) applied as ESLint applies them — per file, in order, skipping an edit that
 * overlaps one already taken (a second run picks it up) — and written with the refactorings' atomic
 * apply (core/workspace: every file checked against the text the scan read, then renamed into place,
 * all or nothing). `--fix-dry-run` plans the same changes and shows their diffs without writing.
 */
import type { Change, TextEdit } from '../contracts/index.js';
import type { ReportFinding, ScanReport } from '../report/index.js';
import { applyChanges, buildChange } from '../workspace/index.js';

export interface FixPlan {
  /** One change per file, with its unified diff. */
  changes: Change[];
  /** The findings whose fixes are in `changes`. */
  fixed: ReportFinding[];
  /** Fixable findings left for another run (their edit overlapped one taken first), or whose file was not read. */
  left: ReportFinding[];
}

function applyEdits(text: string, edits: TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

function fixableIn(text: string, finding: ReportFinding): TextEdit[] | undefined {
  const edits = finding.fix?.edits;
  if (!edits?.length) return undefined;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const valid = sorted.every(
    (e, i) => e.start >= 0 && e.end >= e.start && e.end <= text.length && (i === 0 || e.start >= sorted[i - 1]!.end),
  );
  return valid ? sorted : undefined;
}

export function planFixes(report: ScanReport): FixPlan {
  const plan: FixPlan = { changes: [], fixed: [], left: [] };
  const byFile = new Map<string, ReportFinding[]>();
  for (const finding of report.findings) {
    if (!finding.fix?.edits?.length) continue;
    byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
  }
  for (const [file, findings] of byFile) {
    const text = report.sources[file];
    if (text === undefined) {
      plan.left.push(...findings);
      continue;
    }
    const taken: TextEdit[] = [];
    // Earliest fix first; a fix whose span touches one already taken waits for the next run.
    const ordered = findings
      .map((f) => ({ finding: f, edits: fixableIn(text, f) }))
      .sort((a, b) => (a.edits?.[0]?.start ?? 0) - (b.edits?.[0]?.start ?? 0));
    for (const { finding, edits } of ordered) {
      const clash =
        !edits || edits.some((e) => taken.some((t) => (e.start < t.end && t.start < e.end) || (e.start === e.end && e.start === t.start)));
      if (clash) plan.left.push(finding);
      else {
        taken.push(...edits);
        plan.fixed.push(finding);
      }
    }
    const change =
      taken.length > 0
        ? buildChange(
            file,
            text,
            applyEdits(
              text,
              taken.sort((a, b) => a.start - b.start),
            ),
          )
        : null;
    if (change) plan.changes.push(change);
  }
  return plan;
}

/** Writes the plan's changes (all or nothing; a file changed since the scan read it stops the write). */
export async function applyFixPlan(root: string, plan: FixPlan): Promise<void> {
  if (plan.changes.length > 0) await applyChanges(root, plan.changes);
}

/** The report once its fixed findings are gone (they are what the fixes removed). */
export function withoutFixed(report: ScanReport, plan: FixPlan): ScanReport {
  const fixed = new Set(plan.fixed);
  const findings = report.findings.filter((f) => !fixed.has(f));
  return {
    ...report,
    findings,
    runs: report.runs.map((run) => ({ ...run, findings: findings.filter((f) => f.capability === run.capability).length })),
    stats: { ...report.stats, fixed: plan.fixed.length },
  };
}
