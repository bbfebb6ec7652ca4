/**
 * The Markdown report, sized for a pull-request comment (GitHub takes at most 65,536 characters; the
 * report never exceeds `maxChars`, default 65,000): counts by severity, category and check, quality by
 * folder, then the most severe findings in full (excerpt, fix, the rule's help once per rule), then
 * more as one line each, then "and N more" saying where the rest is. Within one severity findings keep
 * their file and line order.
 */
import { folderChart, type FolderChart } from './folder-chart.js';
import { escapeMarkdown, markdownCode } from './markup-escape.js';
import { cap, findingLine, findingSection } from './markdown-finding.js';
import type { ReportFinding, ScanReport } from './report-model.js';
import { SEVERITIES, severityRank } from './severity.js';
import { countsLine, plural, summarise, type ReportSummary } from './summary.js';

export interface MarkdownOptions {
  /** Findings shown in full at most; more are listed one line each while the size allows. Default 50. */
  maxDetailed?: number;
  /** The report's size limit in characters (UTF-16 units, which over-count nothing). Default 65,000. */
  maxChars?: number;
  /** Base URL of file:line links (e.g. https://github.com/o/r/blob/<sha>); default relative links. */
  linkBase?: string;
  /** Where the findings left out can be seen (a CI run's page, an artifact); said in the "and N more" line. */
  moreAt?: string;
}

export const MARKDOWN_LIMIT = 65_000;
const RESERVE = 1_500;
const MAX_SUMMARY = 300;

function runResult(run: ScanReport['runs'][number]): string {
  if (run.error) return `**failed**: ${escapeMarkdown(run.error.message.slice(0, MAX_SUMMARY))}`;
  const text = run.summary.length > MAX_SUMMARY ? `${run.summary.slice(0, MAX_SUMMARY - 1)}…` : run.summary;
  return escapeMarkdown(text);
}

/** A check's count as listed, and what it reported that another check had already (listed there). */
export function runCount(run: ScanReport['runs'][number]): string {
  return run.repeated ? `${run.findings} (+${run.repeated} listed under other checks)` : String(run.findings);
}

function summaryTables(report: ScanReport, summary: ReportSummary): string[] {
  const out = ['## Summary', '', '| Severity | Findings |', '| --- | ---: |'];
  for (const severity of SEVERITIES) out.push(`| ${cap(severity)} | ${summary.bySeverity[severity]} |`);
  if (summary.byCategory.length > 0) {
    out.push('', '| Category | Findings |', '| --- | ---: |');
    for (const [category, count] of summary.byCategory.slice(0, 25)) out.push(`| ${escapeMarkdown(category)} | ${count} |`);
  }
  out.push('', '| Check | Findings | Time | Result |', '| --- | ---: | ---: | --- |');
  for (const run of report.runs)
    out.push(`| ${run.capability} | ${runCount(run)} | ${(run.durationMs / 1000).toFixed(2)} s | ${runResult(run)} |`);
  return out;
}

export function chartTable(chart: FolderChart | undefined): string[] {
  if (!chart) return [];
  const quality = chart.kind === 'quality';
  const max = Math.max(1, ...chart.bars.map((bar) => bar.value));
  const out = [
    '',
    quality ? '## Quality by folder' : '## Findings per 1,000 lines by folder',
    '',
    quality ? '| Folder | Score | Grade | |' : '| Folder | Density | Findings | |',
    '| --- | ---: | ---: | --- |',
  ];
  for (const bar of chart.bars) {
    const blocks = '█'.repeat(Math.max(quality || bar.value > 0 ? 1 : 0, Math.round((quality ? bar.value / 100 : bar.value / max) * 20)));
    out.push(`| ${markdownCode(bar.folder)} | ${bar.value} | ${quality ? (bar.grade ?? '') : (bar.findings ?? 0)} | ${blocks} |`);
  }
  return out;
}

export function findingsInSeverityOrder(findings: readonly ReportFinding[]): ReportFinding[] {
  // A stable sort keeps the position order (file, line) within one severity.
  return [...findings].sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}

function notes(report: ScanReport): string[] {
  const out: string[] = [];
  if (report.stats.suppressedByBaseline > 0)
    out.push(`${report.stats.suppressedByBaseline} findings already in the baseline are not shown.`);
  const quiet = report.suppressed?.length ?? 0;
  if (quiet > 0) out.push(`${plural(quiet, 'finding')} suppressed by agentd-ignore comments ${quiet === 1 ? 'is' : 'are'} not counted.`);
  if (report.stats.fixed)
    out.push(`${plural(report.stats.fixed, 'finding')} fixed by --fix ${report.stats.fixed === 1 ? 'is' : 'are'} not listed.`);
  return out.length > 0 ? ['', out.join(' ')] : [];
}

/** Findings in full while they fit (and up to maxDetailed), then one line each while those fit; the count left out. */
function findingsPart(
  report: ScanReport,
  summary: ReportSummary,
  options: Required<Pick<MarkdownOptions, 'maxDetailed'>> & MarkdownOptions,
  room: number,
): { text: string; shown: number } {
  const ordered = findingsInSeverityOrder(report.findings);
  const parts: string[] = [];
  let used = 0;
  let shown = 0;
  const helped = new Set<string>();
  for (; shown < ordered.length && shown < options.maxDetailed; shown++) {
    const finding = ordered[shown]!;
    const section = findingSection(finding, shown + 1, {
      source: report.sources[finding.file],
      rule: summary.rules.get(finding.ruleId),
      withHelp: !helped.has(finding.ruleId),
      linkBase: options.linkBase,
    });
    if (used + section.length + 1 > room) break;
    helped.add(finding.ruleId);
    parts.push(section);
    used += section.length + 1;
  }
  if (shown < ordered.length) {
    const header = `\n### ${shown > 0 ? 'More findings' : 'Findings, most severe first'}\n`;
    let listed = 0;
    for (let i = shown; i < ordered.length; i++) {
      const line = `${listed === 0 ? header : ''}${findingLine(ordered[i]!, options.linkBase)}`;
      if (used + line.length + 1 > room) break;
      parts.push(line);
      used += line.length + 1;
      listed += 1;
    }
    shown += listed;
  }
  return { text: parts.join('\n'), shown };
}

export function toMarkdown(report: ScanReport, options: MarkdownOptions = {}): string {
  const summary = summarise(report);
  const limit = options.maxChars ?? MARKDOWN_LIMIT;
  const seconds = (report.stats.durationMs / 1000).toFixed(2);
  const head = [
    '# agentd scan report',
    '',
    `${countsLine(summary)} in ${plural(report.stats.filesScanned, 'file')} (${plural(report.stats.linesScanned, 'line')}) with ${report.runs.map((r) => r.capability).join(', ')}; ${seconds} s.`,
    ...notes(report),
    '',
    ...summaryTables(report, summary),
    ...chartTable(folderChart(report)),
    ...(report.findings.length > 0 ? ['', '## Findings'] : []),
  ].join('\n');
  const findings = findingsPart(report, summary, { maxDetailed: 50, ...options }, limit - head.length - RESERVE);
  const left = report.findings.length - findings.shown;
  const where = options.moreAt ? ` (${options.moreAt})` : '';
  const more =
    left > 0
      ? `\n\n…and ${left.toLocaleString('en-US')} more ${left === 1 ? 'finding' : 'findings'} not shown to keep this under ${limit.toLocaleString('en-US')} characters: the JSON, SARIF and HTML reports list them all${where}.`
      : '';
  const text = `${head}\n${findings.text}${more}\n`;
  // The budget above keeps well inside the limit; this only guards it.
  return text.length <= limit ? text : `${text.slice(0, limit - 2)}…\n`;
}
