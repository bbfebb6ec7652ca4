/**
 * analyzeStructure: the pure analysis behind analysis.structure (file facts in, report and findings
 * out), exported for analysis.quality. `collectStructureFacts` gathers the input through the context.
 */
import {
  memoised,
  parseSources,
  syntaxTreeOf,
  type CapabilityContext,
  type Finding,
  type MemoScope,
  type ParsedFile,
  type SkippedSource,
} from '../../../core/index.js';
import { findCycles, type ImportCycle } from '../import-graph/cycles.js';
import type { ImportRecord } from '../import-graph/extract-imports.js';
import { linkImports, readPathAliases, type ImportGraph } from '../import-graph/import-graph.js';
import type { PathAliases } from '../import-graph/module-resolver.js';
import { parseJsonc } from '../import-graph/parse-jsonc.js';
import { mixedConcerns, type ConcernReport } from './concerns.js';
import { dynamicLoads, mayLoadDynamically } from './dynamic-loads.js';
import type { EntryPointFacts } from './entry-points.js';
import { readFacts, type FileFacts } from './file-facts.js';
import {
  depthReport,
  mixedTestFolders,
  sizeDistribution,
  type DepthReport,
  type MixedTestFolder,
  type SizeDistribution,
} from './layout.js';
import type { StructureOptions } from './options.js';
import { findOrphans } from './orphans.js';
import { structureFindings } from './structure-findings.js';

const FACTS_VERSION = 3;
const LOADS_VERSION = 1;

export interface StructureFacts extends EntryPointFacts {
  /** Every workspace file (the resolution universe). */
  files: string[];
  facts: Map<string, FileFacts>;
  /** Per file, the files it loads through paths built from its own folder (dynamic-loads.ts). */
  loads?: Map<string, string[]>;
  aliases: PathAliases | null;
  skipped: SkippedSource[];
}

export interface StructureReport {
  sizes: SizeDistribution;
  depth: DepthReport;
  cycles: ImportCycle[];
  orphans: string[];
  mixedConcerns: (ConcernReport & { file: string })[];
  mixedTests: MixedTestFolder[];
  graph: { modules: number; imports: number; unresolved: ImportGraph['unresolved'] };
  findings: Finding[];
}

export function analyzeStructure(input: StructureFacts, options: StructureOptions): StructureReport {
  const records = new Map<string, ImportRecord[]>([...input.facts].map(([file, f]) => [file, f.imports]));
  const graph = linkImports(records, input.files, input.aliases);
  const sources = graph.sources;
  const concerns = sources.flatMap((file) => {
    const found = mixedConcerns(file, input.facts.get(file)!, input.nextProject);
    return found ? [{ file, ...found }] : [];
  });
  const report: Omit<StructureReport, 'findings'> = {
    sizes: sizeDistribution(
      sources.map((file) => ({ file, lines: input.facts.get(file)!.lines })),
      options.largest,
    ),
    depth: depthReport(sources, options.maxDepth),
    cycles: findCycles(graph, options.includeTypeImports),
    orphans: options.wholeWorkspace && sources.length > 1 ? findOrphans(graph, input, pathReferences(input)) : [],
    mixedConcerns: concerns,
    mixedTests: mixedTestFolders(sources),
    graph: { modules: sources.length, imports: graph.edges.length, unresolved: graph.unresolved },
  };
  return { ...report, findings: structureFindings(report, options) };
}

/** What each file names by path outside its imports: literal `./paths` and paths built from its own folder. */
function pathReferences(input: StructureFacts): Map<string, string[]> {
  return new Map([...input.facts].map(([file, f]) => [file, [...f.references, ...(input.loads?.get(file) ?? [])]]));
}

const MAX_HTML_FILES = 20;

async function readJson(ctx: CapabilityContext, files: readonly string[], file: string): Promise<unknown> {
  if (!files.includes(file)) return null;
  try {
    return parseJsonc(await ctx.workspace.read(file));
  } catch (error) {
    ctx.log('warn', `Could not read "${file}": ${(error as Error).message}`);
    return null;
  }
}

/** Lists and parses the sources in scope (one batched parse) and gathers the facts. */
export async function collectStructureFacts(
  ctx: CapabilityContext,
  scope: { include?: string[]; exclude?: string[] },
): Promise<StructureFacts> {
  const { files: parsed, skipped } = await parseSources(ctx, scope, 'analysis.structure');
  return { ...(await structureFactsOf(ctx, parsed)), skipped };
}

/** A file's imports, length and concern marks, memoised per content hash. */
export function fileFactsOf(ctx: MemoScope, p: ParsedFile): FileFacts {
  return memoised(ctx, `analysis.structure@${FACTS_VERSION}`, p, () => readFacts(syntaxTreeOf(p), p.source));
}

/** The modules a file may load by a computed name (lazy routes, plugin folders), memoised per content hash. */
export function dynamicLoadsOf(ctx: MemoScope, p: ParsedFile): string[] {
  return memoised(ctx, `analysis.structure.loads@${LOADS_VERSION}`, p, () =>
    mayLoadDynamically(p.source) ? dynamicLoads(syntaxTreeOf(p), p.source) : [],
  );
}

/** The facts of already parsed sources (analysis.quality passes its own): per-file facts memoised, HTML pages read in one batch. */
export async function structureFactsOf(ctx: CapabilityContext, parsed: readonly ParsedFile[]): Promise<StructureFacts> {
  const files = (await ctx.workspace.list()).sort();
  const facts = new Map<string, FileFacts>(parsed.map((p) => [p.path, fileFactsOf(ctx, p)]));
  const loads = new Map<string, string[]>(parsed.map((p) => [p.path, dynamicLoadsOf(ctx, p)]));
  const pages = files.filter((f) => f.endsWith('.html')).slice(0, MAX_HTML_FILES);
  const html: StructureFacts['html'] =
    pages.length > 0 ? (await ctx.workspace.readMany(pages)).files.map((f) => ({ file: f.path, content: f.content })) : [];
  return {
    files,
    facts,
    loads,
    html,
    skipped: [],
    aliases: await readPathAliases(ctx, files),
    packageJson: await readJson(ctx, files, 'package.json'),
    nextProject: ctx.project.frameworks.includes('next'),
  };
}
