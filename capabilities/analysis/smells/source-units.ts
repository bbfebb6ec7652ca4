/**
 * The analysed files of one step, parsed once. Shared by analysis.smells, naming, performance and
 * quality: each file costs one counted `parse` tool call; its plain-JS syntax tree is copied lazily,
 * only when an analysis is not already memoised for the file's content hash.
 */
import type { CapabilityContext, SourceLanguage } from '../../../core/index.js';
import { listSources } from '../complexity/project-report.js';
import { copyTree, type Node } from '../complexity/syntax-tree.js';

export interface SourceUnit {
  /** POSIX path relative to the workspace root. */
  path: string;
  language: SourceLanguage;
  source: string;
  /** sha-256 of the source: the memo key's version. */
  hash: string;
  /** The plain-JS tree, copied on first access. */
  readonly root: Node;
  /** The tree-sitter tree itself, for analyses written against it (duplication, structure). Never edit it. */
  readonly tree: import('tree-sitter').Tree;
}

export interface LoadedSources {
  units: SourceUnit[];
  skipped: { file: string; reason: string }[];
}

export interface FileSelection {
  include?: string[];
  exclude?: string[];
}

export function unitOf(path: string, language: SourceLanguage, source: string, hash: string, tree: import('tree-sitter').Tree): SourceUnit {
  let copied: Node | undefined;
  return {
    path, language, source, hash, tree,
    get root(): Node {
      copied ??= copyTree(tree);
      return copied;
    },
  };
}

/** Lists TS/JS sources (no .d.ts) and parses each; a file that cannot be read is skipped, the budget and cancellation are not. */
export async function loadSources(ctx: CapabilityContext, selection: FileSelection, capabilityId: string): Promise<LoadedSources> {
  const files = await listSources(ctx, selection);
  const loaded: LoadedSources = { units: [], skipped: [] };
  for (const [index, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    try {
      const parsed = await ctx.tools.parse(file);
      loaded.units.push(unitOf(file, parsed.language, parsed.source, parsed.hash, parsed.tree));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'tool_call_limit' || code === 'cancelled' || ctx.signal.aborted) throw error;
      loaded.skipped.push({ file, reason: (error as Error).message });
      ctx.log('warn', `${capabilityId} skipped "${file}": ${(error as Error).message}`);
    }
    ctx.progress(Math.round(((index + 1) / Math.max(files.length, 1)) * 50), file);
  }
  return loaded;
}

/** A per-file result memoised by content hash (and by the options that shaped it). */
export function memoised<T>(ctx: CapabilityContext, key: string, unit: SourceUnit, compute: () => T): T {
  const fullKey = `${key}:${unit.path}`;
  return ctx.tools.memo ? ctx.tools.memo(fullKey, unit.hash, compute) : compute();
}

export function isTestFile(path: string): boolean {
  return /(^|\/)(__tests__|__mocks__|test|tests)\//.test(path) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path);
}
