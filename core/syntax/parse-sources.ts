/**
 * The step's source files, listed and parsed as ONE counted tool call (`parseMany`), whatever the
 * project's size: the tool budget stops runaway capabilities, not big projects. Every analysis that
 * needs trees goes through here, so each capability costs a list and a parseMany.
 */
import type { CapabilityContext, ParsedFile } from '../contracts/index.js';

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

export interface ParsedSources {
  /** Sorted by path. */
  files: ParsedFile[];
  skipped: { file: string; reason: string }[];
}

export function isDeclarationFile(path: string): boolean {
  return /\.d\.[mc]?ts$/.test(path);
}

/** The selected source paths, sorted (one counted list). Needs only the context's workspace. */
export async function listSourcePaths(ctx: Pick<CapabilityContext, 'workspace'>, selection: SourceSelection): Promise<string[]> {
  const listed = await ctx.workspace.list({ include: selection.include, exclude: selection.exclude, extensions: selection.extensions ?? SOURCE_EXTENSIONS });
  return listed.filter((p) => (selection.declarations || !isDeclarationFile(p)) && (!selection.keep || selection.keep(p))).sort();
}

/** Lists the selected sources and parses them in one batch; unreadable files are skipped and logged. */
export async function parseSources(ctx: CapabilityContext, selection: SourceSelection, who: string): Promise<ParsedSources> {
  const paths = await listSourcePaths(ctx, selection);
  if (paths.length === 0) return { files: [], skipped: [] };
  const batch = await ctx.tools.parseMany(paths);
  const skipped = batch.skipped.map((s) => ({ file: s.path, reason: s.message }));
  for (const s of skipped) ctx.log('warn', `${who} skipped "${s.file}": ${s.reason}`);
  return { files: [...batch.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), skipped };
}
