/**
 * analysis.duplication: token-based clone detection comparable with jscpd (same defaults, same pairing
 * with the first occurrence, same duplicated-lines percentage), plus renamed (type-2) clones. Findings
 * are one per clone pair; `data` holds every clone with both locations, per-file duplicated lines, and
 * the totals for exact clones (jscpd-comparable) and for all reported clones.
 */
import type { CapabilityContext, CapabilityMeta, FileStepContext, ParsedFile, StepResult } from '../../core/index.js';
import { encodedFile, memoisedReport } from './duplication/memoised-report.js';
import { RULES, cloneFinding } from './duplication/clone-findings.js';
import { collectTokens, tokensOf } from './duplication/collect-tokens.js';
import { INPUT_SCHEMA, resolveInput, type DuplicationInput } from './duplication/options.js';
import { PLANNING } from './duplication/planning.js';

export { analyzeDuplication } from './duplication/analyze-duplication.js';

export const meta: CapabilityMeta = {
  id: 'analysis.duplication',
  group: 'analysis',
  title: 'Duplication',
  description:
    'Token-based clone detection (exact and renamed clones) with both locations of each pair and the duplicated-lines percentage, computed as jscpd computes it.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  execution: { tokens: true, cost: 'heavy', thread: 'second', testCode: 'leave-out' },
  rules: RULES,
  planning: PLANNING,
};

/**
 * A file's token stream and its encoded windows, memoised as run() memoises them (read from the flat
 * tree: no syntax tree is made); run() is then left with the clone search across files.
 */
export function perFile(file: ParsedFile, ctx: FileStepContext, input: DuplicationInput): void {
  encodedFile(ctx, tokensOf(ctx, file), resolveInput(input ?? {}).minTokens);
}

export async function run(input: DuplicationInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = resolveInput(input ?? {});
  const { files, skipped } = await collectTokens(ctx, input ?? {});
  const report = memoisedReport(ctx, files, options);
  const findings = options.reportFindings ? report.clones.map((c) => cloneFinding(c, options.mediumLines)) : [];
  ctx.progress(100);
  const renamed = report.clones.filter((c) => c.kind === 'renamed').length;
  return {
    summary: `${report.clones.length} clones (${report.clones.length - renamed} exact, ${renamed} renamed) in ${files.length} files; ${report.exact.percentage}% of ${report.exact.lines} lines duplicated exactly, ${report.all.percentage}% counting renamed clones.`,
    findings,
    data: {
      options,
      totals: { exact: report.exact, all: report.all },
      clones: report.clones,
      files: report.files.filter((f) => f.clones > 0),
      skipped,
    },
  };
}
