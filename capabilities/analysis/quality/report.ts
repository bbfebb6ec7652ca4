/** Builds the quality report from per-file basics and component findings: file, folder and overall scores, and the top issues. */
import path from 'node:path';
import type { Finding, Severity } from '../../../core/index.js';
import type { FileBasics } from './component-runs.js';
import { componentOf, effortOf, scoreOf, type Component, type Score } from './score.js';

export interface FileQuality extends Score {
  file: string;
  sloc: number;
  maintainability: number;
  findings: number;
  byComponent: Partial<Record<Component, number>>;
}

export interface FolderQuality extends Score {
  folder: string;
  files: number;
  sloc: number;
  findings: number;
}

export interface TopIssue {
  rank: number;
  ruleId: string;
  component: Component;
  severity: Severity;
  file: string;
  line: number;
  message: string;
  effortMinutes: number;
}

export interface QualityReport {
  overall: Score & { files: number; sloc: number; findings: number; maintainability: number };
  files: FileQuality[];
  folders: FolderQuality[];
  topIssues: TopIssue[];
  byComponent: Partial<Record<Component, { findings: number; effortMinutes: number }>>;
}

const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/** sloc-weighted mean maintainability: big files weigh more, as they hold more of the code. */
function weightedMaintainability(files: FileBasics[]): number {
  const lines = files.reduce((n, f) => n + f.sloc, 0);
  if (lines === 0) return 100;
  return files.reduce((sum, f) => sum + f.maintainability * f.sloc, 0) / lines;
}

function aggregate(files: FileBasics[], findings: Finding[], weights: Record<Component, number>): Score {
  const effort = findings.reduce((sum, f) => sum + effortOf(f.severity, componentOf(f.ruleId)!, weights), 0);
  const sloc = files.reduce((n, f) => n + Math.max(f.sloc, 10), 0);
  return scoreOf({ sloc, effortMinutes: effort, maintainability: weightedMaintainability(files) });
}

export function buildReport(basics: FileBasics[], findings: Finding[], weights: Record<Component, number>, top: number): QualityReport {
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const own = byFile.get(f.file);
    if (own) own.push(f);
    else byFile.set(f.file, [f]);
  }
  const files: FileQuality[] = basics.map((b) => {
    const own = byFile.get(b.file) ?? [];
    const byComponent: Partial<Record<Component, number>> = {};
    for (const f of own) byComponent[componentOf(f.ruleId)!] = (byComponent[componentOf(f.ruleId)!] ?? 0) + 1;
    return {
      file: b.file,
      sloc: b.sloc,
      maintainability: b.maintainability,
      findings: own.length,
      byComponent,
      ...aggregate([b], own, weights),
    };
  });
  const folders = new Map<string, FileBasics[]>();
  for (const b of basics) {
    const folder = path.posix.dirname(b.file);
    const members = folders.get(folder);
    if (members) members.push(b);
    else folders.set(folder, [b]);
  }
  const folderReports: FolderQuality[] = [...folders]
    .map(([folder, members]) => {
      const own = members.flatMap((m) => byFile.get(m.file) ?? []);
      return {
        folder,
        files: members.length,
        sloc: members.reduce((n, m) => n + m.sloc, 0),
        findings: own.length,
        ...aggregate(members, own, weights),
      };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder));
  const overall = aggregate(basics, findings, weights);
  const byComponent: QualityReport['byComponent'] = {};
  for (const f of findings) {
    const c = componentOf(f.ruleId)!;
    const entry = byComponent[c] ?? { findings: 0, effortMinutes: 0 };
    entry.findings += 1;
    entry.effortMinutes += effortOf(f.severity, c, weights);
    byComponent[c] = entry;
  }
  return {
    overall: {
      ...overall,
      files: basics.length,
      sloc: basics.reduce((n, b) => n + b.sloc, 0),
      findings: findings.length,
      maintainability: Math.round(weightedMaintainability(basics) * 100) / 100,
    },
    files: files.sort((a, b) => a.score - b.score || a.file.localeCompare(b.file)),
    folders: folderReports,
    topIssues: topIssues(findings, files, weights, top),
    byComponent,
  };
}

/** Costliest first; on a tie the more severe, then the one in the worse file. */
function topIssues(findings: Finding[], files: FileQuality[], weights: Record<Component, number>, top: number): TopIssue[] {
  const fileScore = new Map(files.map((f) => [f.file, f.score]));
  return findings
    .map((f) => ({ f, effort: effortOf(f.severity, componentOf(f.ruleId)!, weights) }))
    .sort(
      (a, b) =>
        b.effort - a.effort ||
        SEVERITY_ORDER[a.f.severity] - SEVERITY_ORDER[b.f.severity] ||
        (fileScore.get(a.f.file) ?? 100) - (fileScore.get(b.f.file) ?? 100) ||
        a.f.file.localeCompare(b.f.file) ||
        a.f.range.startLine - b.f.range.startLine,
    )
    .slice(0, top)
    .map(({ f, effort }, i) => ({
      rank: i + 1,
      ruleId: f.ruleId,
      component: componentOf(f.ruleId)!,
      severity: f.severity,
      file: f.file,
      line: f.range.startLine,
      message: f.message,
      effortMinutes: effort,
    }));
}
