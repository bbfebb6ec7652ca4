/** The coverage table as one self-contained HTML page (no scripts, no external resources), every text escaped. */
import type { FileCoverage, Totals } from './istanbul-coverage.js';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cell(pct: number): string {
  const level = pct >= 80 ? 'high' : pct >= 50 ? 'medium' : 'low';
  return `<td class="${level}">${pct}%</td>`;
}

function row(name: string, t: Totals, extra: string): string {
  return `<tr><th scope="row">${escape(name)}</th>${cell(t.statements.pct)}${cell(t.branches.pct)}${cell(t.functions.pct)}${cell(t.lines.pct)}<td>${extra}</td></tr>`;
}

export function coverageHtml(title: string, files: FileCoverage[], totals: Totals): string {
  const rows = files.map((f) =>
    row(
      f.file,
      f,
      escape(
        [
          f.uncoveredFunctions.length > 0
            ? `functions: ${f.uncoveredFunctions.map((u) => `${u.name || '(anonymous)'}:${u.line}`).join(', ')}`
            : '',
          f.uncoveredLines.length > 0 ? `lines: ${f.uncoveredLines.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; '),
      ),
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}td.high{background:#e6f4ea}td.medium{background:#fff4e5}td.low{background:#fde8e8}</style>
</head><body><h1>${escape(title)}</h1>
<table><thead><tr><th scope="col">File</th><th scope="col">Statements</th><th scope="col">Branches</th><th scope="col">Functions</th><th scope="col">Lines</th><th scope="col">Not reached</th></tr></thead>
<tbody>${row('All files', totals, '')}
${rows.join('\n')}</tbody></table></body></html>
`;
}
