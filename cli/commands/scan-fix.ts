/**
 * `--fix` and `--fix-dry-run` on stderr and stdout: what was fixed (one line: how many findings in
 * which files, and what is left for another run), or the unified diff of what would be. Both are
 * printed in CI too: the user asked for them.
 */
import type { ScanReport } from '../../core/report/index.js';
import { applyFixPlan, planFixes, withoutFixed, type FixPlan } from '../../core/scan/index.js';

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function perFile(plan: FixPlan): string {
  const counts = new Map<string, number>();
  for (const finding of plan.fixed) counts.set(finding.file, (counts.get(finding.file) ?? 0) + 1);
  return [...counts].map(([file, n]) => `${file} (${n})`).join(', ');
}

function leftNote(plan: FixPlan): string {
  return plan.left.length > 0 ? `; ${plural(plan.left.length, 'fix')} overlapped another and wait for the next --fix run` : '';
}

export async function fixFindings(
  root: string,
  report: ScanReport,
  dryRun: boolean,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<ScanReport> {
  const plan = planFixes(report);
  if (plan.fixed.length === 0) {
    err.write(`agentd scan: no finding has a safe fix; nothing ${dryRun ? 'would change' : 'was changed'}.\n`);
    return report;
  }
  if (dryRun) {
    out.write(plan.changes.map((change) => change.diff ?? '').join(''));
    err.write(
      `agentd scan: --fix would fix ${plural(plan.fixed.length, 'finding')} in ${plural(plan.changes.length, 'file')}: ${perFile(plan)}${leftNote(plan)}; nothing was written.\n`,
    );
    return report;
  }
  await applyFixPlan(root, plan);
  err.write(
    `agentd scan: fixed ${plural(plan.fixed.length, 'finding')} in ${plural(plan.changes.length, 'file')}: ${perFile(plan)}${leftNote(plan)}.\n`,
  );
  return withoutFixed(report, plan);
}
