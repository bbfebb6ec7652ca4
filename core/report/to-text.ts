/** The terminal format, like ESLint's "stylish": findings grouped by file, then the counts. */
import type { ScanReport } from './report-model.js';
import { countsLine, plural, summarise } from './summary.js';

export function toText(report: ScanReport): string {
  const out: string[] = [];
  let file = '';
  for (const finding of report.findings) {
    if (finding.file !== file) {
      file = finding.file;
      out.push('', file);
    }
    const where = `${finding.range.startLine}:${finding.range.startColumn}`.padEnd(9);
    const cwe = finding.cwe ? ` (${finding.cwe})` : '';
    out.push(`  ${where} ${finding.severity.padEnd(8)} ${finding.message}${cwe}  ${finding.ruleId}`);
  }
  const summary = summarise(report);
  const seconds = (report.stats.durationMs / 1000).toFixed(2);
  out.push(
    '',
    `${countsLine(summary)} in ${plural(report.stats.filesScanned, 'file')} (${plural(report.stats.linesScanned, 'line')}, ${seconds} s).`,
  );
  if (report.stats.suppressedByBaseline > 0)
    out.push(`${report.stats.suppressedByBaseline} findings already in the baseline were left out.`);
  if (report.suppressed?.length)
    out.push(`${plural(report.suppressed.length, 'finding')} suppressed by agentd-ignore comments (not counted).`);
  if (report.stats.fixed) out.push(`${plural(report.stats.fixed, 'finding')} fixed by --fix.`);
  for (const run of report.runs) if (run.error) out.push(`${run.capability} failed: ${run.error.message}`);
  const skipped = report.skipped ?? [];
  if (skipped.length > 0) out.push(`${plural(skipped.length, 'file')} skipped:`, ...skipped.map((s) => `  ${s.path}: ${s.message}`));
  return `${out.join('\n').replace(/^\n/, '')}\n`;
}
