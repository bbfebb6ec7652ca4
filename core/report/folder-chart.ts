/**
 * The "quality by folder" chart's data: the per-folder scores of a check whose meta says it reports
 * them (`report.folderScores`, analysis.quality's) when it ran and reported them, else finding
 * density (findings per 1,000 lines) per folder from the scan itself.
 */
import type { ScanReport } from './report-model.js';

export interface FolderBar {
  folder: string;
  /** 0-100 score (higher is better) or findings per 1,000 lines (lower is better). */
  value: number;
  /** A-F when the quality check gave one. */
  grade?: string;
  lines?: number;
  findings?: number;
}

export interface FolderChart {
  kind: 'quality' | 'density';
  bars: FolderBar[];
}

const MAX_BARS = 15;
/** Folders are grouped at this depth ("src/routes/admin" counts towards "src/routes"). */
const FOLDER_DEPTH = 2;

export function folderOf(file: string, depth = FOLDER_DEPTH): string {
  const parts = file.split('/').slice(0, -1);
  return parts.length === 0 ? '.' : parts.slice(0, depth).join('/');
}

export function folderChart(report: ScanReport): FolderChart | undefined {
  const quality = qualityBars(report);
  if (quality.length > 0) return { kind: 'quality', bars: quality.sort((a, b) => a.value - b.value).slice(0, MAX_BARS) };
  const density = densityBars(report);
  return density.length > 0 ? { kind: 'density', bars: density.sort((a, b) => b.value - a.value).slice(0, MAX_BARS) } : undefined;
}

/** Reads `data.folders` of the folder-scoring check leniently: an array of {folder|path, score, grade?} or a map folder -> score | {score, grade?}. */
function qualityBars(report: ScanReport): FolderBar[] {
  const scoring = new Set(report.capabilities.filter((meta) => meta.report?.folderScores).map((meta) => meta.id));
  const run = report.runs.find((r) => scoring.has(r.capability) && !r.error);
  const folders = (run?.data as { folders?: unknown } | undefined)?.folders;
  const entries: [string, unknown][] = Array.isArray(folders)
    ? folders.map((item) => [String((item as Record<string, unknown>)?.folder ?? (item as Record<string, unknown>)?.path ?? ''), item])
    : folders && typeof folders === 'object'
      ? Object.entries(folders)
      : [];
  const bars: FolderBar[] = [];
  for (const [folder, value] of entries) {
    const score = typeof value === 'number' ? value : (value as { score?: unknown })?.score;
    const grade = (value as { grade?: unknown })?.grade;
    if (folder && typeof score === 'number' && Number.isFinite(score))
      bars.push({ folder, value: score, ...(typeof grade === 'string' ? { grade } : {}) });
  }
  return bars;
}

function densityBars(report: ScanReport): FolderBar[] {
  const lines = new Map<string, number>();
  for (const [folder, stats] of Object.entries(report.stats.folders)) {
    const key = folderOf(folder === '.' ? 'x' : `${folder}/x`);
    lines.set(key, (lines.get(key) ?? 0) + stats.lines);
  }
  const findings = new Map<string, number>();
  for (const finding of report.findings) findings.set(folderOf(finding.file), (findings.get(folderOf(finding.file)) ?? 0) + 1);
  return [...lines.entries()]
    .filter(([, count]) => count > 0)
    .map(([folder, count]) => {
      const found = findings.get(folder) ?? 0;
      return { folder, lines: count, findings: found, value: Math.round((found / count) * 1000 * 10) / 10 };
    });
}
