/**
 * The HTML report: one self-contained file (inline CSS and SVG, no scripts, no external assets) with
 * severity cards, counts by category and check, a chart of quality by folder, and every finding with
 * its code excerpt and rule help. All text from findings and sources is escaped.
 */
import type { ScanReport } from './report-model.js';
import { folderChart } from './folder-chart.js';
import { chartSvg } from './html-chart.js';
import { findingHtml } from './html-finding.js';
import { HTML_STYLE } from './html-style.js';
import { escapeHtml } from './markup-escape.js';
import { SEVERITIES } from './severity.js';
import { countsLine, summarise, type ReportSummary } from './summary.js';
import { findingsInSeverityOrder } from './to-markdown.js';

export interface HtmlOptions {
  /** Findings shown in full; the rest are counted. Default 2,000. */
  maxDetailed?: number;
}

function cards(report: ScanReport, summary: ReportSummary): string {
  const items = SEVERITIES.map((s) => `<div class="card ${s}"><div class="n">${summary.bySeverity[s]}</div><div class="l">${s}</div></div>`);
  items.push(`<div class="card"><div class="n">${report.stats.filesScanned}</div><div class="l">files scanned</div></div>`);
  return `<section class="cards">${items.join('')}</section>`;
}

function categoryPanel(summary: ReportSummary): string {
  const rows = summary.byCategory.map(([category, count]) => `<tr><td>${escapeHtml(category)}</td><td class="num">${count}</td></tr>`);
  const body = rows.length > 0 ? rows.join('') : '<tr><td class="empty" colspan="2">No findings.</td></tr>';
  return `<div class="panel"><h2>By category</h2><table><tr><th>Category</th><th class="num">Findings</th></tr>${body}</table></div>`;
}

function checksPanel(report: ScanReport): string {
  const rows = report.runs.map((run) => {
    const result = run.error ? `<span class="failed">failed: ${escapeHtml(run.error.message)}</span>` : escapeHtml(run.summary);
    return `<tr><td><code>${escapeHtml(run.capability)}</code><br>${result}</td><td class="num">${run.findings}</td><td class="num">${(run.durationMs / 1000).toFixed(2)}&nbsp;s</td></tr>`;
  });
  return `<div class="panel"><h2>Checks</h2><table><tr><th>Check</th><th class="num">Findings</th><th class="num">Time</th></tr>${rows.join('')}</table></div>`;
}

function chartSection(report: ScanReport): string {
  const chart = folderChart(report);
  if (!chart) return '';
  const title = chart.kind === 'quality' ? 'Quality by folder' : 'Finding density by folder';
  const note = chart.kind === 'quality' ? 'Scores from analysis.quality, worst first.' : 'Findings per 1,000 lines, densest first (run the quality check for scores).';
  return `<section><h2>${title}</h2><p class="meta">${note}</p><div class="panel">${chartSvg(chart)}</div></section>`;
}

export function toHtml(report: ScanReport, options: HtmlOptions = {}): string {
  const summary = summarise(report);
  const maxDetailed = options.maxDetailed ?? 2000;
  const ordered = findingsInSeverityOrder(report.findings);
  const shown = ordered.slice(0, maxDetailed).map((f) => findingHtml(f, report.sources[f.file], summary.rules.get(f.ruleId)));
  const more = ordered.length > maxDetailed ? `<p class="meta">${ordered.length - maxDetailed} more findings are not shown; the JSON and SARIF formats list them all.</p>` : '';
  const baseline = report.stats.suppressedByBaseline > 0 ? ` · ${report.stats.suppressedByBaseline} already in the baseline` : '';
  const meta = `${escapeHtml(report.root)} · ${escapeHtml(report.startedAt)} · ${report.stats.linesScanned.toLocaleString('en-US')} lines · ${(report.stats.durationMs / 1000).toFixed(2)} s · agentd ${escapeHtml(report.tool.version)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>agentd scan report: ${escapeHtml(countsLine(summary))}</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<main>
<h1>agentd scan report</h1>
<p class="meta">${escapeHtml(countsLine(summary))}${baseline}<br>${meta}</p>
${cards(report, summary)}
<section class="panels">${categoryPanel(summary)}${checksPanel(report)}</section>
${chartSection(report)}
<section><h2>Findings</h2>
${shown.length > 0 ? shown.join('\n') : '<p class="empty">No findings.</p>'}
${more}
</section>
</main>
</body>
</html>
`;
}
