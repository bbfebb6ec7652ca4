/**
 * analysis.naming's per-file result through the memo, under the one key its run(), its per-file step
 * and analysis.quality share: the options are part of the key, so each shapes the entry the same way.
 */
import { memoised, optionsKey, type MemoScope, type SourceUnit } from '../../../core/index.js';
import { namingOfFile, type FileNaming } from './analyze-naming.js';
import { NAMING_MEMO_KEY } from './memo-key.js';
import type { NamingOptions } from './options.js';

export function memoisedNaming(ctx: MemoScope, unit: SourceUnit, options: NamingOptions): FileNaming {
  return memoised(ctx, optionsKey(NAMING_MEMO_KEY, options), unit, () => namingOfFile(unit, options));
}
