/**
 * `buildProjectIndex`: what the planner knows about a project — its files (the workspace view's
 * listing, .gitignore respected), folders, top-level symbols (tree-sitter, through `tools.parseMany`:
 * one counted tool call) and the detected project context. The only module of the planner with I/O.
 */
import type { CapabilityContext } from '../contracts/index.js';
import { createLocalContext } from '../context/local-context.js';
import { PARSABLE_EXTENSIONS } from '../parsing/index.js';
import { topLevelSymbols } from './top-level-symbols.js';
import type { ProjectIndex } from './types.js';

function foldersOf(files: string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return [...folders].sort();
}

async function indexWith(ctx: Pick<CapabilityContext, 'workspace' | 'tools' | 'project'>): Promise<ProjectIndex> {
  const files = [...(await ctx.workspace.list())].sort();
  const sources = files.filter((f) => PARSABLE_EXTENSIONS.some((e) => f.endsWith(e)) && !f.endsWith('.d.ts'));
  const parsed = sources.length > 0 ? await ctx.tools.parseMany(sources) : { files: [], skipped: [] };
  const symbols = parsed.files.flatMap(topLevelSymbols);
  const lineCounts: Record<string, number> = {};
  for (const file of parsed.files) lineCounts[file.path] = file.source.split('\n').length;
  return { root: ctx.workspace.root, files, folders: foldersOf(files), symbols, lineCounts, project: ctx.project };
}

/** From a capability context (the job's), or from a root folder (a local context is made for it). */
export async function buildProjectIndex(
  source: Pick<CapabilityContext, 'workspace' | 'tools' | 'project'> | { root: string },
): Promise<ProjectIndex> {
  if (!('root' in source) || 'workspace' in source) return indexWith(source as Pick<CapabilityContext, 'workspace' | 'tools' | 'project'>);
  const { ctx } = await createLocalContext({ root: source.root });
  return indexWith(ctx);
}
