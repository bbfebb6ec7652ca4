/** The built-in rules' findings for one file through the memo, under the one key run() and its per-file step share. */
import { memoised, type Finding, type MemoScope, type SourceUnit } from '../../../../core/index.js';
import { BUILTIN_VERSION, lintUnit } from './run-builtin.js';

export function memoisedBuiltin(ctx: MemoScope, unit: SourceUnit): Finding[] {
  return memoised(ctx, `analysis.lint/builtin@${BUILTIN_VERSION}`, unit, () => lintUnit(unit));
}
