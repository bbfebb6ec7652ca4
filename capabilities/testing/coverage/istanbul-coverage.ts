/**
 * c8's istanbul JSON (coverage-final.json) as agentd's coverage data: per file the line, statement,
 * function and branch counts computed as istanbul-lib-coverage computes them (so they equal c8's own
 * summary), the functions no test called and the branches no test took.
 */
import path from 'node:path';

interface Position {
  line: number;
  column: number | null;
}

interface Span {
  start: Position;
  end: Position;
}

export interface IstanbulFile {
  path: string;
  statementMap: Record<string, Span>;
  fnMap: Record<string, { name: string; decl: Span; loc: Span; line: number }>;
  branchMap: Record<string, { loc: Span; type: string; locations: Span[]; line: number }>;
  s: Record<string, number>;
  f: Record<string, number>;
  b: Record<string, number[]>;
}

export interface Counts {
  total: number;
  covered: number;
  /** Percent with two decimals, as istanbul rounds it; 100 when there is nothing to cover. */
  pct: number;
}

export interface FileCoverage {
  file: string;
  lines: Counts;
  statements: Counts;
  functions: Counts;
  branches: Counts;
  uncoveredFunctions: { name: string; line: number }[];
  uncoveredBranches: { line: number; type: string; path: number }[];
  /** Lines with a statement no test ran, as ranges ("3-5", "9"). */
  uncoveredLines: string[];
}

function counts(total: number, covered: number): Counts {
  // istanbul-lib-coverage's percent(), to the same floating-point steps.
  return { total, covered, pct: total > 0 ? Math.floor((1000 * 100 * covered) / total / 10) / 100 : 100 };
}

/** istanbul's line coverage: a line counts once, covered when its first statement's count (max over them) is non-zero. */
function lineHits(data: IstanbulFile): Map<number, number> {
  const hits = new Map<number, number>();
  for (const [id, count] of Object.entries(data.s)) {
    const span = data.statementMap[id];
    if (!span) continue;
    const line = span.start.line;
    const previous = hits.get(line);
    if (previous === undefined || count > previous) hits.set(line, count);
  }
  return hits;
}

function ranges(lines: number[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j += 1;
    out.push(i === j ? `${lines[i]}` : `${lines[i]}-${lines[j]}`);
    i = j;
  }
  return out;
}

export function fileCoverage(data: IstanbulFile, tree: string): FileCoverage {
  const hits = lineHits(data);
  const statements = Object.keys(data.s);
  const functions = Object.entries(data.fnMap).filter(([id]) => id in data.f);
  const branchCounts = Object.values(data.b).flat();
  const uncoveredBranches: FileCoverage['uncoveredBranches'] = [];
  for (const [id, branch] of Object.entries(data.branchMap)) {
    (data.b[id] ?? []).forEach((count, index) => {
      if (count === 0) uncoveredBranches.push({ line: branch.locations[index]?.start.line ?? branch.line, type: branch.type, path: index });
    });
  }
  return {
    file: path.relative(tree, data.path).split(path.sep).join('/'),
    lines: counts(hits.size, [...hits.values()].filter((n) => n > 0).length),
    statements: counts(statements.length, statements.filter((id) => (data.s[id] ?? 0) > 0).length),
    functions: counts(Object.keys(data.f).length, Object.values(data.f).filter((n) => n > 0).length),
    branches: counts(branchCounts.length, branchCounts.filter((n) => n > 0).length),
    uncoveredFunctions: functions.filter(([id]) => (data.f[id] ?? 0) === 0).map(([, fn]) => ({ name: fn.name, line: fn.decl.start.line })),
    uncoveredBranches,
    uncoveredLines: ranges(
      [...hits.entries()]
        .filter(([, n]) => n === 0)
        .map(([line]) => line)
        .sort((a, b) => a - b),
    ),
  };
}

export type Totals = Pick<FileCoverage, 'lines' | 'statements' | 'functions' | 'branches'>;

export function totalsOf(files: FileCoverage[]): Totals {
  const sum = (key: keyof Totals): Counts =>
    counts(
      files.reduce((n, f) => n + f[key].total, 0),
      files.reduce((n, f) => n + f[key].covered, 0),
    );
  return { lines: sum('lines'), statements: sum('statements'), functions: sum('functions'), branches: sum('branches') };
}

/** The text table (as c8's `text` reporter lays it out, without colours). */
export function coverageTable(files: FileCoverage[], totals: Totals): string {
  const rows = [
    ['File', '% Stmts', '% Branch', '% Funcs', '% Lines', 'Uncovered Line #s'],
    ['All files', ...pcts(totals), ''],
  ];
  for (const f of files) rows.push([f.file, ...pcts(f), f.uncoveredLines.join(',')]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r
      .map((cell, i) => (i === 0 || i === r.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-|-');
  return [rule, line(rows[0]!), rule, ...rows.slice(1).map(line), rule].join('\n');
}

function pcts(t: Totals): string[] {
  return [t.statements.pct, t.branches.pct, t.functions.pct, t.lines.pct].map((n) => `${n}`);
}
