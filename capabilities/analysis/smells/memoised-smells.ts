/**
 * analysis.smells' per-file result through the memo, under the one key its run(), its per-file step
 * and analysis.quality share (the options are part of the key). The file's measures come from
 * analysis.complexity's memoised metrics: the same walk, made once.
 */
import { memoised, optionsKey, type MemoScope, type SourceUnit } from '../../../core/index.js';
import { fileMetricsOf } from '../complexity/project-report.js';
import { smellsOfFile, type FileSmells } from './analyze-smells.js';
import { SMELLS_MEMO_KEY } from './memo-key.js';
import type { SmellOptions } from './options.js';

export function memoisedSmells(ctx: MemoScope, unit: SourceUnit, options: SmellOptions): FileSmells {
  return memoised(ctx, optionsKey(SMELLS_MEMO_KEY, options), unit, () => smellsOfFile(unit, options, (u) => fileMetricsOf(ctx, u)));
}
