/**
 * The findings suggestions are made from: those of earlier steps (`ctx.previous`), and — for each of
 * complexity, smells and duplication that no earlier step reported — a run of that analysis through
 * `ctx.invoke` (declared in meta.execution.composes), under this step's budget, cache and cancellation.
 * (Composing the analyses here, rather than asking for a pipeline, keeps `refactoring.suggest` useful
 * on its own.)
 */
import type { CapabilityContext, Finding } from '../../../core/index.js';

/** The analyses suggest composes, by the rule-id prefix of their findings. */
export const ANALYSES: readonly { prefix: string; id: string }[] = [
  { prefix: 'complexity/', id: 'analysis.complexity' },
  { prefix: 'smells/', id: 'analysis.smells' },
  { prefix: 'duplication/', id: 'analysis.duplication' },
];

export async function gatherFindings(
  ctx: CapabilityContext,
  scope: { include?: string[]; exclude?: string[] },
  analyze: boolean,
): Promise<{ findings: Finding[]; ran: string[] }> {
  const findings = ctx.previous.flatMap((r) => r.findings ?? []);
  const ran: string[] = [];
  if (!analyze) return { findings, ran };
  for (const analysis of ANALYSES) {
    if (findings.some((f) => f.ruleId.startsWith(analysis.prefix))) continue;
    ctx.signal.throwIfAborted();
    const input: { include?: string[]; exclude?: string[] } = {};
    if (scope.include) input.include = scope.include;
    if (scope.exclude) input.exclude = scope.exclude;
    findings.push(...((await ctx.invoke(analysis.id, input)).findings ?? []));
    ran.push(analysis.prefix.slice(0, -1));
  }
  return { findings, ran };
}
