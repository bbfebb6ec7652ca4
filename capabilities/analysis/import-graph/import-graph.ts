/**
 * The module import graph of a workspace: one node per parsed source file, an edge per import that
 * resolves to another workspace file, and the bare (package) imports and unresolvable local imports
 * beside it. `linkImports` is pure (records in, graph out); `buildImportGraph` gathers the records
 * through the capability context (one counted parse per file, the extraction memoised per content hash).
 */
import type { CapabilityContext } from '../../../core/index.js';
import { extractImports, type ImportKind, type ImportRecord } from './extract-imports.js';
import { ModuleResolver, SOURCE_EXTENSIONS, aliasesFromTsconfig, type PathAliases } from './module-resolver.js';
import { isBuiltin, isRelative, packageNameOf } from './package-name.js';
import { parseJsonc } from './parse-jsonc.js';

/** Bump when extraction changes, so memoised records of an older version are not reused. */
const EXTRACTOR_VERSION = 2;

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
  kind: ImportKind;
  typeOnly: boolean;
}

export interface ExternalImport {
  file: string;
  specifier: string;
  packageName: string;
  line: number;
  kind: ImportKind;
  typeOnly: boolean;
}

export interface ImportGraph {
  /** Every file of the workspace (the resolution universe), sorted. */
  files: string[];
  /** The parsed source files: the graph's nodes, sorted. */
  sources: string[];
  edges: ImportEdge[];
  external: ExternalImport[];
  builtins: { file: string; specifier: string; line: number }[];
  /** Local (relative or alias) imports that name no workspace file. */
  unresolved: { file: string; specifier: string; line: number }[];
  skipped: { file: string; reason: string }[];
  aliases: PathAliases | null;
}

export interface GraphScope {
  include?: string[];
  exclude?: string[];
}

export function linkImports(records: ReadonlyMap<string, ImportRecord[]>, files: readonly string[], aliases: PathAliases | null): Omit<ImportGraph, 'skipped'> {
  const resolver = new ModuleResolver(new Set(files), aliases);
  const graph: Omit<ImportGraph, 'skipped'> = { files: [...files].sort(), sources: [...records.keys()].sort(), edges: [], external: [], builtins: [], unresolved: [], aliases };
  for (const file of graph.sources) {
    for (const record of records.get(file)!) {
      const target = resolver.resolve(file, record.specifier);
      if (target) graph.edges.push({ from: file, to: target, line: record.line, kind: record.kind, typeOnly: record.typeOnly });
      else if (isRelative(record.specifier) || resolver.isAlias(record.specifier)) graph.unresolved.push({ file, specifier: record.specifier, line: record.line });
      else if (isBuiltin(record.specifier)) graph.builtins.push({ file, specifier: record.specifier, line: record.line });
      else {
        const packageName = packageNameOf(record.specifier);
        if (packageName) graph.external.push({ file, specifier: record.specifier, packageName, line: record.line, kind: record.kind, typeOnly: record.typeOnly });
        else graph.unresolved.push({ file, specifier: record.specifier, line: record.line });
      }
    }
  }
  return graph;
}

/** Adjacency lists over source files; type-only imports are left out unless asked for (erased at run time). */
export function adjacency(graph: Pick<ImportGraph, 'edges'>, includeTypeOnly = false): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edge.typeOnly && !includeTypeOnly) continue;
    const list = out.get(edge.from) ?? [];
    if (!list.includes(edge.to)) list.push(edge.to);
    out.set(edge.from, list);
  }
  return out;
}

export async function readImports(ctx: CapabilityContext, file: string): Promise<ImportRecord[]> {
  const parsed = await ctx.tools.parse(file);
  const compute = (): ImportRecord[] => extractImports(parsed.tree, parsed.source);
  return ctx.tools.memo ? ctx.tools.memo(`analysis.import-graph@${EXTRACTOR_VERSION}:${parsed.path}`, parsed.hash, compute) : compute();
}

export async function readPathAliases(ctx: CapabilityContext, files: readonly string[]): Promise<PathAliases | null> {
  const tsconfig = ctx.project.tsconfig ?? ['tsconfig.json', 'jsconfig.json'].find((f) => files.includes(f)) ?? null;
  if (!tsconfig || !files.includes(tsconfig)) return null;
  try {
    return aliasesFromTsconfig(tsconfig, parseJsonc(await ctx.workspace.read(tsconfig)));
  } catch (error) {
    ctx.log('warn', `Could not read path aliases from "${tsconfig}": ${(error as Error).message}`);
    return null;
  }
}

/** Source files in scope (declaration files hold no imports that run). */
export async function listSourceFiles(ctx: CapabilityContext, scope: GraphScope): Promise<string[]> {
  const files = await ctx.workspace.list({ include: scope.include, exclude: scope.exclude, extensions: SOURCE_EXTENSIONS });
  return files.filter((f) => !/\.d\.[mc]?ts$/.test(f)).sort();
}

export async function buildImportGraph(ctx: CapabilityContext, scope: GraphScope, allFiles?: string[]): Promise<ImportGraph> {
  const files = allFiles ?? (await ctx.workspace.list());
  const sources = await listSourceFiles(ctx, scope);
  const records = new Map<string, ImportRecord[]>();
  const skipped: ImportGraph['skipped'] = [];
  for (const [index, file] of sources.entries()) {
    ctx.signal.throwIfAborted();
    try {
      records.set(file, await readImports(ctx, file));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'tool_call_limit' || ctx.signal.aborted) throw error;
      skipped.push({ file, reason: (error as Error).message });
    }
    if (index % 25 === 0) ctx.progress(Math.round((index / Math.max(1, sources.length)) * 80), file);
  }
  return { ...linkImports(records, files, await readPathAliases(ctx, files)), skipped };
}
