/** The shapes analysis.duplication reports: clone pairs with both locations, and line statistics. */

export type CloneKind = 'exact' | 'renamed';

export interface CloneLocation {
  file: string;
  startLine: number;
  endLine: number;
  startColumn: number;
  endColumn: number;
}

export interface Clone {
  kind: CloneKind;
  /** The earlier occurrence (first in file order). */
  first: CloneLocation;
  /** The copy. */
  second: CloneLocation;
  /** Lines of the first occurrence, first to last (jscpd's `lines`). */
  lines: number;
  tokens: number;
}

export interface FileDuplication {
  file: string;
  lines: number;
  tokens: number;
  /** Clones this file takes part in (either side). */
  clones: number;
  /** Distinct lines of this file inside some clone. */
  duplicatedLines: number;
  percentage: number;
}

export interface DuplicationTotals {
  files: number;
  lines: number;
  tokens: number;
  clones: number;
  /** jscpd's way: the sum of every clone's `lines`. */
  duplicatedLines: number;
  duplicatedTokens: number;
  /** 100 * duplicatedLines / lines, as jscpd's `statistics.total.percentage`. */
  percentage: number;
  percentageTokens: number;
}

export interface DuplicationReport {
  clones: Clone[];
  files: FileDuplication[];
  /** Exact clones only: the figures to compare with jscpd's defaults. */
  exact: DuplicationTotals;
  /** Every reported clone, exact and renamed. */
  all: DuplicationTotals;
}

export const round2 = (value: number): number => Math.round(value * 100) / 100;

export function totalsOf(clones: readonly Clone[], files: readonly { lines: number; tokens: number }[]): DuplicationTotals {
  const lines = files.reduce((sum, f) => sum + f.lines, 0);
  const tokens = files.reduce((sum, f) => sum + f.tokens, 0);
  const duplicatedLines = clones.reduce((sum, c) => sum + c.lines, 0);
  const duplicatedTokens = clones.reduce((sum, c) => sum + c.tokens, 0);
  return {
    files: files.length,
    lines,
    tokens,
    clones: clones.length,
    duplicatedLines,
    duplicatedTokens,
    percentage: lines === 0 ? 0 : round2((100 * duplicatedLines) / lines),
    percentageTokens: tokens === 0 ? 0 : round2((100 * duplicatedTokens) / tokens),
  };
}

/** Per file: the union of lines covered by any clone side, so a line counts once however often copied. */
export function perFile(clones: readonly Clone[], files: readonly { path: string; lines: number; tokens: number }[]): FileDuplication[] {
  const covered = new Map<string, Set<number>>();
  const counts = new Map<string, number>();
  for (const clone of clones) {
    for (const side of [clone.first, clone.second]) {
      const set = covered.get(side.file) ?? new Set<number>();
      for (let line = side.startLine; line <= side.endLine; line++) set.add(line);
      covered.set(side.file, set);
    }
    counts.set(clone.first.file, (counts.get(clone.first.file) ?? 0) + 1);
    if (clone.second.file !== clone.first.file) counts.set(clone.second.file, (counts.get(clone.second.file) ?? 0) + 1);
  }
  return files.map((f) => {
    const duplicatedLines = covered.get(f.path)?.size ?? 0;
    return {
      file: f.path,
      lines: f.lines,
      tokens: f.tokens,
      clones: counts.get(f.path) ?? 0,
      duplicatedLines,
      percentage: f.lines === 0 ? 0 : round2((100 * duplicatedLines) / f.lines),
    };
  });
}
