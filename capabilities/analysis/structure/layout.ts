/**
 * The shape of the tree: how long files are (bucketed, and the largest), how deep folders go, and
 * folders that mix tests into source in a project that otherwise keeps tests apart.
 */
import path from 'node:path/posix';

export const SIZE_BUCKETS = [
  { label: '1-100', max: 100 },
  { label: '101-250', max: 250 },
  { label: '251-500', max: 500 },
  { label: '501-1000', max: 1000 },
  { label: '>1000', max: Number.POSITIVE_INFINITY },
];

export interface SizeDistribution {
  buckets: { label: string; files: number }[];
  largest: { file: string; lines: number }[];
  totalLines: number;
  meanLines: number;
}

export function sizeDistribution(sizes: readonly { file: string; lines: number }[], top: number): SizeDistribution {
  const buckets = SIZE_BUCKETS.map((b) => ({ label: b.label, files: 0 }));
  for (const { lines } of sizes) buckets[SIZE_BUCKETS.findIndex((b) => lines <= b.max)]!.files++;
  const totalLines = sizes.reduce((sum, s) => sum + s.lines, 0);
  const largest = [...sizes].sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file)).slice(0, top);
  return { buckets, largest, totalLines, meanLines: sizes.length === 0 ? 0 : Math.round(totalLines / sizes.length) };
}

/** Depth of the folder holding a file: `src/a/b.ts` is 2 (src, a); a root file is 0. */
export const folderDepth = (file: string): number => (file.includes('/') ? file.split('/').length - 1 : 0);

export interface DepthReport {
  maxDepth: number;
  histogram: Record<string, number>;
  /** Folders (holding files) deeper than the limit, with their first file. */
  tooDeep: { folder: string; depth: number; file: string }[];
}

export function depthReport(files: readonly string[], limit: number): DepthReport {
  const histogram: Record<string, number> = {};
  const deep = new Map<string, { depth: number; file: string }>();
  let maxDepth = 0;
  for (const file of [...files].sort()) {
    const depth = folderDepth(file);
    histogram[depth] = (histogram[depth] ?? 0) + 1;
    maxDepth = Math.max(maxDepth, depth);
    if (depth > limit && !deep.has(path.dirname(file))) deep.set(path.dirname(file), { depth, file });
  }
  return { maxDepth, histogram, tooDeep: [...deep].map(([folder, v]) => ({ folder, ...v })) };
}

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const TEST_DIR = /(^|\/)(test|tests|__tests__|spec|e2e)\//;

export interface MixedTestFolder {
  folder: string;
  testFile: string;
  tests: number;
  sources: number;
}

/**
 * Folders holding both tests and source, reported only when at least 3 tests exist and 75% or more of
 * them live in dedicated test folders: then the colocated ones break the project's own convention.
 * Projects that colocate tests on purpose (most Jest and Vitest setups) are left alone.
 */
export function mixedTestFolders(sources: readonly string[]): MixedTestFolder[] {
  const tests = sources.filter((f) => TEST_FILE.test(f) || TEST_DIR.test(f));
  const apart = tests.filter((f) => TEST_DIR.test(f)).length;
  if (tests.length < 3 || apart / tests.length < 0.75) return [];
  const byFolder = new Map<string, { tests: string[]; sources: number }>();
  for (const file of sources) {
    if (TEST_DIR.test(file)) continue;
    const entry = byFolder.get(path.dirname(file)) ?? { tests: [], sources: 0 };
    if (TEST_FILE.test(file)) entry.tests.push(file);
    else entry.sources++;
    byFolder.set(path.dirname(file), entry);
  }
  return [...byFolder]
    .filter(([, v]) => v.tests.length > 0 && v.sources > 0)
    .map(([folder, v]) => ({ folder, testFile: v.tests.sort()[0]!, tests: v.tests.length, sources: v.sources }));
}
