/**
 * One analysis check run under a project's configuration: its input filled from the file, its findings
 * reviewed (rule settings, generated files, in-source suppressions), and its summary saying what was
 * left out so it still agrees with the findings it comes with. A capability that scores findings it
 * computed itself (analysis.quality) gets the same review as `ctx.reviewFindings`.
 */
import type { CapabilityContext, Finding, StepResult } from '../contracts/index.js';
import type { FindingReview, Suppression } from './finding-review.js';
import { globMatcher } from './rule-policy.js';

export interface ReviewedRun {
  result: StepResult;
  suppressed: { finding: Finding; suppression: Suppression }[];
}

/** The files a check with this input looks at (include/exclude as every check applies them). */
export function scopeOf(input: Record<string, unknown>): (file: string) => boolean {
  const include = (input.include as string[] | undefined) ?? ['*'];
  return globMatcher(include.length > 0 ? include : ['*'], (input.exclude as string[] | undefined) ?? []);
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** "(left out: 12 findings by rule settings, 3 suppressed in source)", or "" when nothing was. */
export function leftOutNote(counts: { off: number; suppressed: number; generated: number }): string {
  const parts = [
    counts.off > 0 ? `${plural(counts.off, 'finding')} by rule settings` : '',
    counts.suppressed > 0 ? `${counts.suppressed} suppressed in source` : '',
    counts.generated > 0 ? `${counts.generated} in generated files` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `(left out: ${parts.join(', ')})` : '';
}

/** A check's result after review: its findings as reported, its summary saying what was left out. */
export async function reviewResult(
  result: StepResult,
  capabilityId: string,
  input: Record<string, unknown>,
  review: FindingReview,
): Promise<ReviewedRun> {
  const outcome = await review.review(capabilityId, result.findings ?? [], scopeOf(input));
  const note = leftOutNote({ off: outcome.off, suppressed: outcome.suppressed.length, generated: outcome.generated });
  return {
    result: {
      ...result,
      ...(result.findings ? { findings: outcome.kept } : {}),
      summary: note ? `${result.summary} ${note}` : result.summary,
    },
    suppressed: outcome.suppressed,
  };
}

export async function runReviewed(
  run: (input: unknown, ctx: CapabilityContext) => Promise<StepResult>,
  capabilityId: string,
  input: Record<string, unknown>,
  ctx: CapabilityContext,
  review: FindingReview,
): Promise<ReviewedRun> {
  const inScope = scopeOf(input);
  // What the capability's own review suppressed (analysis.quality's components) is reported with the step's.
  const suppressed: ReviewedRun['suppressed'] = [];
  const reviewFindings = async (findings: Finding[]): Promise<Finding[]> => {
    const outcome = await review.review(capabilityId, findings, inScope);
    suppressed.push(...outcome.suppressed);
    return outcome.kept;
  };
  const reviewed = await reviewResult(await run(input, { ...ctx, reviewFindings }), capabilityId, input, review);
  const seen = new Set(reviewed.suppressed.map((s) => s.finding));
  return { ...reviewed, suppressed: [...reviewed.suppressed, ...suppressed.filter((s) => !seen.has(s.finding))] };
}
