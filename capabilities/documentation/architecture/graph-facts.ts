/**
 * The module graph documentation.architecture draws, read from what analysis.dependencies (file-to-file
 * links, import cycles, skipped files) and analysis.structure (file sizes, orphan files) return through
 * `ctx.invoke`: their `data` is JSON, so its shape is checked here rather than trusted, and a result
 * this module cannot read is a capability error, never a diagram of nothing.
 */
import { isTestFile, listSourcePaths, type CapabilityContext, type StepResult } from '../../../core/index.js';

export interface GraphScope {
  include?: string[];
  exclude?: string[];
  tests: boolean;
  includeTypeImports: boolean;
}

export interface FileCycle {
  /** Every file of the strongly connected component, sorted. */
  members: string[];
  /** One concrete cycle through it: [a, b, ..., a]. */
  path: string[];
  /** Line of the import in path[0] that points at path[1]. */
  line: number;
}

export interface ArchitectureFacts {
  /** The source files drawn (tests left out unless asked), sorted. */
  sources: string[];
  lines: Map<string, number>;
  /** Distinct file -> file imports between drawn files, sorted. */
  links: [string, string][];
  cycles: FileCycle[];
  /** Drawn files nothing imports that analysis.structure does not call orphans (configuration files left out). */
  entryPoints: string[];
  /** Drawn files nothing imports and no entry-point rule names (analysis.structure's orphans). */
  orphans: string[];
  /** False with `include` globs: analysis.structure judges orphans only over the whole workspace. */
  orphansJudged: boolean;
  /** Files the analyses could not read. */
  skipped: { file: string; reason: string }[];
  /** Test files in scope left out of the drawing. */
  leftOutTests: number;
}

const CONFIG_FILE = /\.config\.[^/]+$|(^|\/)\.[^/]+$|rc\.[cm]?[jt]s$/;
const LINKED_FILES = 100;

function fail(who: string, what: string): never {
  throw new Error(`${who} returned data documentation.architecture cannot read (${what}).`);
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function dependenciesData(result: StepResult): {
  links: [string, string][];
  cycles: FileCycle[];
  skipped: { file: string; reason: string }[];
} {
  const data = result.data as { graph?: { links?: unknown }; cycles?: unknown; skipped?: unknown } | undefined;
  const links = data?.graph?.links;
  if (!Array.isArray(links) || !links.every((l) => isStringArray(l) && l.length === 2)) fail('analysis.dependencies', 'graph.links');
  return { links: links as [string, string][], cycles: cyclesOf('analysis.dependencies', data?.cycles), skipped: skippedOf(data?.skipped) };
}

function cyclesOf(who: string, value: unknown): FileCycle[] {
  if (!Array.isArray(value)) fail(who, 'cycles');
  return value.map((c: { members?: unknown; path?: unknown; line?: unknown }) => {
    if (!isStringArray(c?.members) || !isStringArray(c.path) || typeof c.line !== 'number') fail(who, 'a cycle');
    return { members: [...c.members].sort(), path: c.path, line: c.line };
  });
}

function skippedOf(value: unknown): { file: string; reason: string }[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((s: { file?: unknown; reason?: unknown }) => typeof s?.file === 'string')
    .map((s: { file: string; reason?: unknown }) => ({ file: s.file, reason: typeof s.reason === 'string' ? s.reason : 'skipped' }));
}

function structureData(result: StepResult): { sizes: Map<string, number>; orphans: string[] } {
  const data = result.data as { sizes?: { largest?: unknown }; orphans?: unknown } | undefined;
  const largest = data?.sizes?.largest;
  if (!Array.isArray(largest)) fail('analysis.structure', 'sizes.largest');
  if (!isStringArray(data?.orphans)) fail('analysis.structure', 'orphans');
  const sizes = new Map<string, number>();
  for (const entry of largest as { file?: unknown; lines?: unknown }[]) {
    if (typeof entry?.file !== 'string' || typeof entry.lines !== 'number') fail('analysis.structure', 'a size entry');
    sizes.set(entry.file, entry.lines);
  }
  return { sizes, orphans: data.orphans };
}

/** Lines as analysis.structure counts them (a final newline ends the last line, it does not start one). */
export function lineCount(source: string): number {
  if (source === '') return 0;
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lines++;
  return source.endsWith('\n') ? lines - 1 : lines;
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The listed sources in scope (the import graph's nodes), then both analyses; tests are dropped after
 * the fact so the analyses see the same files a scan would. Returns null when there is no source file.
 */
export async function collectFacts(ctx: CapabilityContext, scope: GraphScope): Promise<ArchitectureFacts | null> {
  const listed = await listSourcePaths(ctx, { include: scope.include, exclude: scope.exclude });
  if (listed.length === 0) return null;
  const selection = { ...(scope.include ? { include: scope.include } : {}), ...(scope.exclude ? { exclude: scope.exclude } : {}) };
  ctx.progress(10, 'reading the import graph (analysis.dependencies)');
  const deps = dependenciesData(await ctx.invoke('analysis.dependencies', { ...selection, includeTypeImports: scope.includeTypeImports }));
  ctx.progress(40, 'reading sizes and orphan files (analysis.structure)');
  const structure = structureData(
    await ctx.invoke('analysis.structure', { ...selection, includeTypeImports: scope.includeTypeImports, largest: LINKED_FILES }),
  );
  const skipped = new Set(deps.skipped.map((s) => s.file));
  const inGraph = listed.filter((f) => !skipped.has(f));
  const drawn = new Set(inGraph.filter((f) => scope.tests || !isTestFile(f)));
  const sources = [...drawn].sort(byPath);
  const lines = new Map<string, number>();
  for (const file of sources) if (structure.sizes.has(file)) lines.set(file, structure.sizes.get(file)!);
  const unsized = sources.filter((f) => !lines.has(f));
  if (unsized.length > 0) {
    const read = await ctx.workspace.readMany(unsized);
    for (const f of read.files) lines.set(f.path, lineCount(f.content));
  }
  const imported = new Set(deps.links.map(([, to]) => to));
  const orphansJudged = !scope.include || scope.include.length === 0;
  const orphans = new Set(structure.orphans);
  const links = deps.links.filter(([from, to]) => drawn.has(from) && drawn.has(to) && from !== to);
  const seen = new Set<string>();
  const uniqueLinks = links
    .filter(([from, to]) => !seen.has(`${from}\0${to}`) && seen.add(`${from}\0${to}`))
    .sort((a, b) => byPath(a[0], b[0]) || byPath(a[1], b[1]));
  return {
    sources,
    lines,
    links: uniqueLinks,
    cycles: deps.cycles.filter((c) => c.members.some((m) => drawn.has(m))).sort((a, b) => byPath(a.members[0] ?? '', b.members[0] ?? '')),
    entryPoints: orphansJudged ? sources.filter((f) => !imported.has(f) && !orphans.has(f) && !CONFIG_FILE.test(f)) : [],
    orphans: sources.filter((f) => orphans.has(f)),
    orphansJudged,
    skipped: deps.skipped,
    leftOutTests: inGraph.length - sources.length,
  };
}
