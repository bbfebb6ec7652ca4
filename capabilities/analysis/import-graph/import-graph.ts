/**
 * The module import graph of a workspace: one node per parsed source file, an edge per import that
 * resolves to another workspace file, and the bare (package) imports and unresolvable local imports
 * beside it. `linkImports` is pure (records in, graph out); `buildImportGraph` gathers the records
 * through the capability context (one batched parse, the extraction memoised per content hash).
 */
import { createHash } from 'node:crypto';
import {
  isDeclarationFile,
  parseSources,
  syntaxTreeOf,
  type CapabilityContext,
  type MemoScope,
  type ParsedFile,
  type SkippedSource,
} from '../../../core/index.js';
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
  skipped: SkippedSource[];
  aliases: PathAliases | null;
}

export interface GraphScope {
  include?: string[];
  exclude?: string[];
}

export function linkImports(
  records: ReadonlyMap<string, ImportRecord[]>,
  files: readonly string[],
  aliases: PathAliases | null,
): Omit<ImportGraph, 'skipped'> {
  const resolver = new ModuleResolver(new Set(files), aliases);
  const graph: Omit<ImportGraph, 'skipped'> = {
    files: [...files].sort(),
    sources: [...records.keys()].sort(),
    edges: [],
    external: [],
    builtins: [],
    unresolved: [],
    aliases,
  };
  for (const file of graph.sources) {
    for (const record of records.get(file)!) {
      const target = resolver.resolve(file, record.specifier);
      if (target) graph.edges.push({ from: file, to: target, line: record.line, kind: record.kind, typeOnly: record.typeOnly });
      else if (isRelative(record.specifier) || resolver.isAlias(record.specifier))
        graph.unresolved.push({ file, specifier: record.specifier, line: record.line });
      else if (isBuiltin(record.specifier)) graph.builtins.push({ file, specifier: record.specifier, line: record.line });
      else {
        const packageName = packageNameOf(record.specifier);
        if (packageName)
          graph.external.push({
            file,
            specifier: record.specifier,
            packageName,
            line: record.line,
            kind: record.kind,
            typeOnly: record.typeOnly,
          });
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

/** A file's import records, memoised per content hash. */
export function importsOf(ctx: MemoScope, parsed: ParsedFile): ImportRecord[] {
  const compute = (): ImportRecord[] => extractImports(syntaxTreeOf(parsed), parsed.source);
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
  return files.filter((f) => !isDeclarationFile(f)).sort();
}

/**
 * The graph of the sources in scope: one batched parse (one tool call), per-file extraction memoised,
 * and the linked graph itself memoised under a key made of every file name and source hash, so the
 * checks of one scan (structure, dependencies, quality) and an unchanged re-scan link it once.
 */
export async function buildImportGraph(ctx: CapabilityContext, scope: GraphScope, allFiles?: string[]): Promise<ImportGraph> {
  const files = allFiles ?? (await ctx.workspace.list());
  const { files: parsed, skipped } = await parseSources(ctx, scope, 'import graph');
  const aliases = await readPathAliases(ctx, files);
  const version = graphVersion(files, parsed, aliases);
  const link = (): Omit<ImportGraph, 'skipped'> => {
    const records = new Map<string, ImportRecord[]>();
    for (const file of parsed) records.set(file.path, importsOf(ctx, file));
    return linkImports(records, files, aliases);
  };
  const graph = ctx.tools.memo ? ctx.tools.memo(`analysis.import-graph@${EXTRACTOR_VERSION}:graph`, version, link) : link();
  return { ...graph, skipped };
}

/** Everything the linked graph depends on, hashed: the file universe, each source's content, the aliases. */
function graphVersion(files: readonly string[], parsed: readonly ParsedFile[], aliases: PathAliases | null): string {
  const hash = createHash('sha256');
  hash.update(files.join('\n'));
  for (const file of parsed) hash.update(`\0${file.path}\0${file.hash}`);
  hash.update(JSON.stringify(aliases));
  return hash.digest('hex');
}
