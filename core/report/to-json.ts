/**
 * The JSON format: the contract's findings (each with its fingerprint and check), the per-check runs
 * and the counts. `--baseline` reads it back, as it reads SARIF.
 */
import type { ScanReport } from './report-model.js';
import { summarise } from './summary.js';

export const JSON_FORMAT_VERSION = 1;

export function toJsonObject(report: ScanReport): Record<string, unknown> {
  const summary = summarise(report);
  return {
    format: 'agentd-scan',
    formatVersion: JSON_FORMAT_VERSION,
    tool: { name: report.tool.name, version: report.tool.version },
    root: report.root,
    startedAt: report.startedAt,
    stats: {
      filesScanned: report.stats.filesScanned,
      linesScanned: report.stats.linesScanned,
      durationMs: report.stats.durationMs,
      suppressedByBaseline: report.stats.suppressedByBaseline,
      suppressedInSource: report.suppressed?.length ?? 0,
      ...(report.stats.fixed ? { fixed: report.stats.fixed } : {}),
    },
    summary: {
      total: summary.total,
      bySeverity: summary.bySeverity,
      byCategory: Object.fromEntries(summary.byCategory),
      byCheck: Object.fromEntries(summary.byCheck),
    },
    runs: report.runs.map(({ data: _data, ...run }) => run),
    skipped: report.skipped ?? [],
    findings: report.findings,
    // Findings an agentd-ignore comment suppressed, with the comment's place and reason; not counted above.
    suppressed: report.suppressed ?? [],
  };
}

export function toJson(report: ScanReport): string {
  return `${JSON.stringify(toJsonObject(report), null, 2)}\n`;
}
