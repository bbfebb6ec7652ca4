/** The folder chart as inline SVG: horizontal bars, one per folder, labelled with the value. */
import type { FolderChart } from './folder-chart.js';
import { escapeHtml } from './markup-escape.js';

const WIDTH = 720;
const LABEL = 240;
const BAR = 380;
const ROW = 26;

function qualityColour(score: number): string {
  return score >= 80 ? '#1a7f37' : score >= 60 ? '#9a6700' : score >= 40 ? '#bc4c00' : '#cf222e';
}

function shorten(folder: string): string {
  return folder.length > 34 ? `…${folder.slice(-33)}` : folder;
}

export function chartSvg(chart: FolderChart): string {
  const quality = chart.kind === 'quality';
  const max = quality ? 100 : Math.max(1, ...chart.bars.map((bar) => bar.value));
  const height = chart.bars.length * ROW + 8;
  const rows = chart.bars.map((bar, i) => {
    const y = i * ROW + 4;
    const length = Math.max(bar.value > 0 ? 2 : 0, Math.round((bar.value / max) * BAR));
    const colour = quality ? qualityColour(bar.value) : '#bc4c00';
    const value = quality
      ? `${bar.value}${bar.grade ? ` (${bar.grade})` : ''}`
      : `${bar.value} / kLOC (${bar.findings ?? 0} in ${bar.lines ?? 0} lines)`;
    return [
      `<text x="${LABEL - 8}" y="${y + 16}" text-anchor="end">${escapeHtml(shorten(bar.folder))}</text>`,
      `<rect x="${LABEL}" y="${y + 3}" width="${BAR}" height="18" rx="3" fill="#eaeef2"/>`,
      `<rect x="${LABEL}" y="${y + 3}" width="${length}" height="18" rx="3" fill="${colour}"><title>${escapeHtml(bar.folder)}: ${escapeHtml(value)}</title></rect>`,
      `<text x="${LABEL + BAR + 8}" y="${y + 16}">${escapeHtml(value)}</text>`,
    ].join('');
  });
  const label = quality ? 'Quality score by folder (0-100, higher is better)' : 'Findings per 1,000 lines by folder (lower is better)';
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${label}" viewBox="0 0 ${WIDTH + 160} ${height}" width="100%">${rows.join('')}</svg>`;
}
