/**
 * The duplication report through the per-file memo: each file's codes and window hashes are kept by
 * content hash (a re-scan after one change encodes one file), and the report itself by a hash of every
 * file's path and content plus the options (an unchanged re-scan does no matching at all).
 */
import { createHash } from 'node:crypto';
import type { CapabilityContext, MemoScope } from '../../../core/index.js';
import { analyzeDuplication, encodeDirectly, type EncodeFile } from './analyze-duplication.js';
import type { DuplicationReport } from './clone-report.js';
import type { CollectedTokens } from './collect-tokens.js';
import { encodeWindows } from './encode-windows.js';
import type { EncodedFile } from './find-clones.js';
import type { DetectionMode } from './interner.js';
import type { resolveInput } from './options.js';

const ENCODING_VERSION = 2;

type Options = ReturnType<typeof resolveInput>;

function memo<T>(ctx: MemoScope, key: string, hash: string, compute: () => T): T {
  return ctx.tools.memo ? ctx.tools.memo(key, hash, compute) : compute();
}

/**
 * One file's codes and window hashes in both detection modes, memoised by its content hash (both in
 * one entry: the default run needs both, and it halves the memo's entries). The check's per-file step
 * makes it as the file's parse arrives; the clone search then only looks windows up.
 */
export function encodedFile(ctx: MemoScope, file: CollectedTokens['files'][number], minTokens: number): Record<DetectionMode, EncodedFile> {
  return memo(ctx, `analysis.duplication/encoded@${ENCODING_VERSION}:${minTokens}:${file.path}`, file.hash, () =>
    encodeWindows(file.tokens, minTokens),
  );
}

export function memoisedReport(ctx: CapabilityContext, files: CollectedTokens['files'], options: Options): DuplicationReport {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const encode: EncodeFile = (file, mode, minTokens) => {
    const collected = byPath.get(file.path);
    return collected ? encodedFile(ctx, collected, minTokens)[mode] : encodeDirectly(file, mode, minTokens);
  };
  const version = createHash('sha256');
  version.update(JSON.stringify([options.minTokens, options.minLines, options.kinds]));
  for (const file of files) version.update(`\0${file.path}\0${file.hash}`);
  return memo(ctx, `analysis.duplication/report@${ENCODING_VERSION}`, version.digest('hex'), () =>
    analyzeDuplication(files, {
      minTokens: options.minTokens,
      minLines: options.minLines,
      kinds: options.kinds,
      signal: ctx.signal,
      encode,
    }),
  );
}
