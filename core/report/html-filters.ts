/**
 * The HTML report's filter bar and its two count charts (findings by severity, findings by check with
 * each check's bar split by severity). Options and bars carry the indexes the page's script filters
 * by (html-data.ts); clicking a bar filters to it.
 */
import type { HtmlData } from './html-data.js';
import { escapeHtml } from './markup-escape.js';

const COLOURS = ['#8b0a2a', '#cf222e', '#bc4c00', '#9a6700', '#0969da'];
const fmt = (n: number): string => n.toLocaleString('en-US');

function counted(rows: HtmlData['rows'], column: 0 | 1 | 2, suppressed = false): Map<number, number[]> {
  const counts = new Map<number, number[]>();
  for (const row of rows) {
    if ((row[12] !== null) !== suppressed) continue;
    const bySeverity = counts.get(row[column]) ?? [0, 0, 0, 0, 0];
    bySeverity[row[0]]! += 1;
    counts.set(row[column], bySeverity);
  }
  return counts;
}

const total = (values: number[]): number => values.reduce((a, b) => a + b, 0);

export function filterBar(data: HtmlData): string {
  const bySeverity = counted(data.rows, 0);
  const severities = data.severities
    .map(
      (s, i) =>
        `<label class="chip ${s}"><input type="checkbox" data-sev-filter="${i}" checked> ${s} <span class="n">${fmt(total(bySeverity.get(i) ?? []))}</span></label>`,
    )
    .join('');
  const byCheck = counted(data.rows, 1);
  const checks = data.checks.map((c, i) => `<option value="${i}">${escapeHtml(c)} (${fmt(total(byCheck.get(i) ?? []))})</option>`).join('');
  const byRule = counted(data.rows, 2);
  const rules = data.rules
    .map((r, i) => [i, r.id, total(byRule.get(i) ?? [])] as const)
    .sort((a, b) => (a[1] < b[1] ? -1 : 1))
    .map(([i, id, n]) => `<option value="${i}">${escapeHtml(id)} (${fmt(n)})</option>`)
    .join('');
  const quiet = data.rows.filter((r) => r[12] !== null).length;
  return `<section class="filters" id="filters" aria-label="Filter findings">
<div class="chips">${severities}</div>
<select id="f-check" aria-label="Check"><option value="-1">All checks</option>${checks}</select>
<select id="f-rule" aria-label="Rule"><option value="-1">All rules</option>${rules}</select>
<input id="f-file" type="search" placeholder="File path contains…" aria-label="File">
<input id="f-text" type="search" placeholder="Message or rule contains…" aria-label="Text">
<label class="quiet"><input type="checkbox" id="f-suppressed"> include ${fmt(quiet)} suppressed</label>
<button type="button" id="f-reset">Reset</button>
</section>
<p id="count" class="meta" aria-live="polite">Loading ${fmt(data.rows.length)} findings…</p>
<div id="results"></div>
<button type="button" id="more" hidden>Show more</button>`;
}

function bars(labels: string[], values: number[][], pick: (i: number) => string): string {
  const width = 520;
  const label = 210;
  const row = 24;
  const max = Math.max(1, ...values.map(total));
  const out = labels.map((name, i) => {
    const y = i * row + 4;
    let x = label;
    const parts = values[i]!.map((n, s) => {
      if (n === 0) return '';
      const w = Math.max(2, Math.round((n / max) * width));
      const rect = `<rect x="${x}" y="${y + 3}" width="${w}" height="16" fill="${COLOURS[s]}"><title>${escapeHtml(name)}: ${fmt(n)}</title></rect>`;
      x += w;
      return rect;
    });
    return `<g class="bar" ${pick(i)} tabindex="0" role="button"><text x="${label - 8}" y="${y + 16}" text-anchor="end">${escapeHtml(name)}</text>${parts.join('')}<text x="${x + 6}" y="${y + 16}">${fmt(total(values[i]!))}</text></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${label + width + 80} ${labels.length * row + 8}" width="100%">${out.join('')}</svg>`;
}

/** Counts by severity and by check (split by severity), as inline SVG; suppressed findings are not counted. */
export function countCharts(data: HtmlData): string {
  const bySeverity = counted(data.rows, 0);
  const severity = bars(
    [...data.severities],
    data.severities.map((_, i) => (bySeverity.get(i) ?? [0, 0, 0, 0, 0]).map((n, s) => (s === i ? n : 0))),
    (i) => `data-pick-sev="${i}"`,
  );
  const byCheck = counted(data.rows, 1);
  const check = bars(
    data.checks,
    data.checks.map((_, i) => byCheck.get(i) ?? [0, 0, 0, 0, 0]),
    (i) => `data-pick-check="${i}"`,
  );
  return `<section class="panels"><div class="panel"><h2>By severity</h2>${severity}</div><div class="panel"><h2>By check</h2>${check}</div></section>`;
}
