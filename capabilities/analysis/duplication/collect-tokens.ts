/** Token streams of the workspace's sources through the context: one counted parse per file, memoised tokens. */
import type { CapabilityContext } from '../../../core/index.js';
import { tokenize, type TokenStream } from './tokenize.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** Bump when tokenisation changes, so memoised streams of an older version are not reused. */
const TOKENIZER_VERSION = 1;

export interface CollectedTokens {
  files: { path: string; tokens: TokenStream }[];
  skipped: { file: string; reason: string }[];
}

export async function collectTokens(ctx: CapabilityContext, scope: { include?: string[]; exclude?: string[] }): Promise<CollectedTokens> {
  const paths = (await ctx.workspace.list({ include: scope.include, exclude: scope.exclude, extensions: SOURCE_EXTENSIONS })).sort();
  const out: CollectedTokens = { files: [], skipped: [] };
  for (const [index, path] of paths.entries()) {
    ctx.signal.throwIfAborted();
    try {
      const parsed = await ctx.tools.parse(path);
      const compute = (): TokenStream => tokenize(parsed.tree, parsed.source);
      const key = `analysis.duplication@${TOKENIZER_VERSION}:${parsed.path}`;
      out.files.push({ path, tokens: ctx.tools.memo ? ctx.tools.memo(key, parsed.hash, compute) : compute() });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'tool_call_limit' || ctx.signal.aborted) throw error;
      out.skipped.push({ file: path, reason: (error as Error).message });
    }
    if (index % 25 === 0) ctx.progress(Math.round((index / Math.max(1, paths.length)) * 90), path);
  }
  return out;
}
