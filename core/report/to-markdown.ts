/**
 * The Markdown report (for a pull-request comment or a CI summary): counts by severity, category and
 * check, quality by folder, then each finding with its code excerpt, CWE link and the rule's help.
 */
import type { ReportFinding, ScanReport } from './report-model.js';
import { folderChart, type FolderChart } from './folder-chart.js';
import { escapeMarkdown, fenceLanguage, markdownCode } from './markup-escape.js';
import { cweUrl, type RuleEntry } from './rule-catalog.js';
import { fence } from './sarif-rules.js';
import { SEVERITIES, severityRank } from './severity.js';
import { excerpt } from './source-excerpt.js';
import { countsLine, plural, summarise, type ReportSummary } from './summary.js';

export interface MarkdownOptions {
  /** Findings shown in full; the rest are counted (a PR comment has a size limit). Default 300. */
  maxDetailed?: number;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function summaryTables(report: ScanReport, summary: ReportSummary): string[] {
  const out = ['## Summary', '', '| Severity | Findings |', '| --- | ---: |'];
  for (const severity of SEVERITIES) out.push(`| ${cap(severity)} | ${summary.bySeverity[severity]} |`);
  if (summary.byCategory.length > 0) {
    out.push('', '| Category | Findings |', '| --- | ---: |');
    for (const [category, count] of summary.byCategory) out.push(`| ${escapeMarkdown(category)} | ${count} |`);
  }
  out.push('', '| Check | Findings | Time | Result |', '| --- | ---: | ---: | --- |');
  for (const run of report.runs) {
    const result = run.error ? `**failed**: ${escapeMarkdown(run.error.message)}` : escapeMarkdown(run.summary);
    out.push(`| ${run.capability} | ${run.findings} | ${(run.durationMs / 1000).toFixed(2)} s | ${result} |`);
  }
  return out;
}

export function chartTable(chart: FolderChart | undefined): string[] {
  if (!chart) return [];
  const quality = chart.kind === 'quality';
  const max = Math.max(1, ...chart.bars.map((bar) => bar.value));
  const out = ['', quality ? '## Quality by folder' : '## Findings per 1,000 lines by folder', '', quality ? '| Folder | Score | Grade | |' : '| Folder | Density | Findings | |', '| --- | ---: | ---: | --- |'];
  for (const bar of chart.bars) {
    const blocks = '█'.repeat(Math.max(quality || bar.value > 0 ? 1 : 0, Math.round(((quality ? bar.value / 100 : bar.value / max) * 20))));
    out.push(`| ${markdownCode(bar.folder)} | ${bar.value} | ${quality ? (bar.grade ?? '') : (bar.findings ?? 0)} | ${blocks} |`);
  }
  return out;
}

function excerptBlock(finding: ReportFinding, source: string | undefined): string[] {
  const shown = excerpt(source, finding.range);
  if (!shown) return [];
  const width = String(shown.lines[shown.lines.length - 1]!.number).length;
  const lines: string[] = [];
  for (const line of shown.lines) {
    lines.push(`${line.marked ? '>' : ' '} ${String(line.number).padStart(width)} | ${line.text}`);
    if (line.marked && finding.range.startLine === finding.range.endLine) {
      lines.push(`  ${' '.repeat(width)} | ${' '.repeat(line.marked[0])}${'^'.repeat(Math.max(1, line.marked[1] - line.marked[0]))}`);
    }
  }
  if (shown.truncated) lines.push(`  ${' '.repeat(width)} | …`);
  return ['', fence(lines.join('\n'), fenceLanguage(finding.file))];
}

function ruleHelp(entry: RuleEntry | undefined): string[] {
  const doc = entry?.doc;
  if (!doc) return [];
  return [
    '',
    `<details><summary>${escapeMarkdown(doc.title)}: why and how to fix</summary>`,
    '',
    escapeMarkdown(doc.description),
    '',
    `**Why it matters.** ${escapeMarkdown(doc.why)}`,
    '',
    `**How to fix.** ${escapeMarkdown(doc.fix)}`,
    '',
    fence(doc.example.bad, 'ts'),
    '',
    fence(doc.example.good, 'ts'),
    '',
    '</details>',
  ];
}

function findingSection(finding: ReportFinding, n: number, report: ScanReport, summary: ReportSummary): string[] {
  const where = `${finding.file}:${finding.range.startLine}:${finding.range.startColumn}`;
  const cweLink = cweUrl(finding.cwe) ? ` · [${finding.cwe}](${cweUrl(finding.cwe)})` : '';
  return [
    '',
    `### ${n}. ${cap(finding.severity)}: ${escapeMarkdown(finding.message)}`,
    '',
    `${markdownCode(finding.ruleId)} · ${markdownCode(where)}${cweLink}`,
    ...excerptBlock(finding, report.sources[finding.file]),
    ...(finding.fix ? ['', `**Suggested fix:** ${escapeMarkdown(finding.fix.description)}`] : []),
    ...ruleHelp(summary.rules.get(finding.ruleId)),
  ];
}

export function findingsInSeverityOrder(findings: readonly ReportFinding[]): ReportFinding[] {
  // A stable sort keeps the position order (file, line) within one severity.
  return [...findings].sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}

export function toMarkdown(report: ScanReport, options: MarkdownOptions = {}): string {
  const summary = summarise(report);
  const maxDetailed = options.maxDetailed ?? 300;
  const seconds = (report.stats.durationMs / 1000).toFixed(2);
  const out = [
    '# agentd scan report',
    '',
    `${countsLine(summary)} in ${plural(report.stats.filesScanned, 'file')} (${plural(report.stats.linesScanned, 'line')}) with ${report.runs.map((r) => r.capability).join(', ')}; ${seconds} s.`,
  ];
  if (report.stats.suppressedByBaseline > 0) out.push('', `${report.stats.suppressedByBaseline} findings already in the baseline are not shown.`);
  out.push('', ...summaryTables(report, summary), ...chartTable(folderChart(report)));
  const ordered = findingsInSeverityOrder(report.findings);
  if (ordered.length > 0) out.push('', '## Findings');
  ordered.slice(0, maxDetailed).forEach((finding, i) => out.push(...findingSection(finding, i + 1, report, summary)));
  if (ordered.length > maxDetailed) out.push('', `${ordered.length - maxDetailed} more findings are not shown here; the JSON and SARIF formats list them all.`);
  return `${out.join('\n')}\n`;
}
