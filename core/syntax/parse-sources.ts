/**
 * The step's source files, listed and parsed as ONE counted tool call (`parseMany`), whatever the
 * project's size: the tool budget stops runaway capabilities, not big projects. Every analysis that
 * needs trees goes through here, so each capability costs a list and a parseMany.
 */
import type { CapabilityContext, ListOptions, ParsedFile, SkippedFile } from '../contracts/index.js';

/** TypeScript and JavaScript, with JSX and the module/commonjs variants. */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export interface SourceSelection {
  include?: string[];
  exclude?: string[];
  /** Default: SOURCE_EXTENSIONS. */
  extensions?: string[];
  /** Keep declaration files (.d.ts); default false: they hold no code that runs. */
  declarations?: boolean;
  /** A further filter on the listed paths (e.g. no minified bundles). */
  keep?: (path: string) => boolean;
}

/** A file the analysis did not look at: workspace-relative path, the error code and a sentence saying why. */
export interface SkippedSource {
  file: string;
  code: string;
  reason: string;
}

export interface ParsedSources {
  /** Sorted by path. */
  files: ParsedFile[];
  /** Unreadable, too large (never listed, reported by the walk), binary or unparsable files, by path. */
  skipped: SkippedSource[];
}

export function isDeclarationFile(path: string): boolean {
  return /\.d\.[mc]?ts$/.test(path);
}

function listOptions(selection: SourceSelection): ListOptions {
  return { include: selection.include, exclude: selection.exclude, extensions: selection.extensions ?? SOURCE_EXTENSIONS };
}

function selected(selection: SourceSelection): (path: string) => boolean {
  return (p) => (selection.declarations || !isDeclarationFile(p)) && (!selection.keep || selection.keep(p));
}

/** The selected source paths, sorted (one counted list). Needs only the context's workspace. */
export async function listSourcePaths(ctx: Pick<CapabilityContext, 'workspace'>, selection: SourceSelection): Promise<string[]> {
  const listed = await ctx.workspace.list(listOptions(selection));
  return listed.filter(selected(selection)).sort();
}

/**
 * The selected sources the latest listSourcePaths left out because they cannot be read (over 100 KB,
 * in an unreadable folder), as skipped entries: a file is never silently missing from an analysis.
 */
export function refusedSources(ctx: Pick<CapabilityContext, 'workspace'>, selection: SourceSelection): SkippedSource[] {
  const keep = selected(selection);
  const refused = ctx.workspace.refused?.(listOptions(selection)) ?? [];
  return refused.filter((s) => s.path.endsWith('/') || keep(s.path)).map((s) => ({ file: s.path, code: s.code, reason: s.message }));
}

/** A parse batch's skips, with what the listing refused, sorted by path and each logged once. */
export function skippedSources(ctx: CapabilityContext, selection: SourceSelection, batch: SkippedFile[], who: string): SkippedSource[] {
  const skipped = [...refusedSources(ctx, selection), ...batch.map((s) => ({ file: s.path, code: s.code, reason: s.message }))];
  skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const s of skipped) ctx.log('warn', `${who} skipped "${s.file}": ${s.reason}`);
  return skipped;
}

/** Lists the selected sources and parses them in one batch; unreadable, too large and unparsable files are skipped and logged. */
export async function parseSources(ctx: CapabilityContext, selection: SourceSelection, who: string): Promise<ParsedSources> {
  const paths = await listSourcePaths(ctx, selection);
  const batch = paths.length === 0 ? { files: [], skipped: [] } : await ctx.tools.parseMany(paths);
  const skipped = skippedSources(ctx, selection, batch.skipped, who);
  return { files: [...batch.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), skipped };
}
