/** Token streams of the workspace's sources through the context: one batched parse, tokens memoised per content hash. */
import { parseSources, type CapabilityContext, type MemoScope, type ParsedFile, type SkippedSource } from '../../../core/index.js';
import { tokenize, type TokenStream } from './tokenize.js';

export { SOURCE_EXTENSIONS } from '../../../core/index.js';
/** Bump when tokenisation changes, so memoised streams of an older version are not reused. */
const TOKENIZER_VERSION = 2;

export interface CollectedTokens {
  files: { path: string; hash: string; tokens: TokenStream }[];
  skipped: SkippedSource[];
}

/** One parsed file's token stream, memoised by content hash (analysis.quality shares the entries). */
export function tokensOf(ctx: MemoScope, file: ParsedFile): CollectedTokens['files'][number] {
  const compute = (): TokenStream => tokenize(file);
  const key = `analysis.duplication@${TOKENIZER_VERSION}:${file.path}`;
  return { path: file.path, hash: file.hash, tokens: ctx.tools.memo ? ctx.tools.memo(key, file.hash, compute) : compute() };
}

export async function collectTokens(ctx: CapabilityContext, scope: { include?: string[]; exclude?: string[] }): Promise<CollectedTokens> {
  // Declaration files are sources too for jscpd: keep them, as before.
  const { files: parsed, skipped } = await parseSources(ctx, { ...scope, declarations: true }, 'analysis.duplication');
  const out: CollectedTokens = { files: [], skipped };
  for (const [index, file] of parsed.entries()) {
    if (index % 64 === 0) ctx.signal.throwIfAborted();
    out.files.push(tokensOf(ctx, file));
  }
  ctx.progress(90, `${parsed.length} files tokenised`);
  return out;
}
