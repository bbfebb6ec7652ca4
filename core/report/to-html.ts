/**
 * The HTML report: one self-contained file (inline CSS, SVG and one inline script, no external
 * assets) with severity cards, counts by severity, check and category as charts and tables, quality by
 * folder, and every finding — filterable by severity, check, rule, file and text in the page, grouped
 * by file with its code frame (html-script.ts renders a page of matches at a time, so 50,000 findings
 * stay responsive). Text from findings and sources is escaped where the server writes it, and set
 * as text where the script does.
 */
import type { ScanReport } from './report-model.js';
import { folderChart } from './folder-chart.js';
import { chartSvg } from './html-chart.js';
import { dataScript, htmlData } from './html-data.js';
import { countCharts, filterBar } from './html-filters.js';
import { HTML_SCRIPT } from './html-script.js';
import { HTML_STYLE } from './html-style.js';
import { escapeHtml } from './markup-escape.js';
import { SEVERITIES } from './severity.js';
import { countsLine, summarise, type ReportSummary } from './summary.js';
import { runCount } from './to-markdown.js';

function cards(report: ScanReport, summary: ReportSummary): string {
  const items = SEVERITIES.map(
    (s) => `<div class="card ${s}"><div class="n">${summary.bySeverity[s]}</div><div class="l">${s}</div></div>`,
  );
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
    return `<tr><td><code>${escapeHtml(run.capability)}</code><br>${result}</td><td class="num">${escapeHtml(runCount(run))}</td><td class="num">${(run.durationMs / 1000).toFixed(2)}&nbsp;s</td></tr>`;
  });
  return `<div class="panel"><h2>Checks</h2><table><tr><th>Check</th><th class="num">Findings</th><th class="num">Time</th></tr>${rows.join('')}</table></div>`;
}

function chartSection(report: ScanReport): string {
  const chart = folderChart(report);
  if (!chart) return '';
  const title = chart.kind === 'quality' ? 'Quality by folder' : 'Finding density by folder';
  const note =
    chart.kind === 'quality'
      ? 'Scores from analysis.quality, worst first.'
      : 'Findings per 1,000 lines, densest first (run the quality check for scores).';
  return `<section><h2>${title}</h2><p class="meta">${note}</p><div class="panel">${chartSvg(chart)}</div></section>`;
}

function notes(report: ScanReport): string {
  const parts = [
    report.stats.suppressedByBaseline > 0 ? `${report.stats.suppressedByBaseline} already in the baseline` : '',
    report.suppressed?.length ? `${report.suppressed.length} suppressed by agentd-ignore comments (not counted)` : '',
    report.stats.fixed ? `${report.stats.fixed} fixed by --fix` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` · ${escapeHtml(parts.join(' · '))}` : '';
}

export function toHtml(report: ScanReport): string {
  const summary = summarise(report);
  const data = htmlData(report, summary.rules);
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
<p class="meta">${escapeHtml(countsLine(summary))}${notes(report)}<br>${meta}</p>
${cards(report, summary)}
${countCharts(data)}
<section class="panels">${categoryPanel(summary)}${checksPanel(report)}</section>
${chartSection(report)}
<h2>Findings</h2>
${filterBar(data)}
</main>
<script type="application/json" id="agentd-data">${dataScript(data)}</script>
<script>${HTML_SCRIPT}</script>
</body>
</html>
`;
}
