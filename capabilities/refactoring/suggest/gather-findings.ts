/**
 * The findings suggestions are made from: those of earlier steps (`ctx.previous`), and — for each of
 * complexity, smells and duplication that no earlier step reported — a fresh run of that analysis.
 * (Composing the analyses here, rather than asking for a pipeline, keeps `refactoring.suggest` useful
 * on its own.)
 */
import type { CapabilityContext, Finding, StepResult } from '../../../core/index.js';
import { run as complexity } from '../../analysis/complexity.js';
import { run as duplication } from '../../analysis/duplication.js';
import { run as smells } from '../../analysis/smells.js';

type Analysis = (input: { include?: string[]; exclude?: string[] }, ctx: CapabilityContext) => Promise<StepResult>;

const ANALYSES: { prefix: string; run: Analysis }[] = [
  { prefix: 'complexity/', run: complexity as Analysis },
  { prefix: 'smells/', run: smells as Analysis },
  { prefix: 'duplication/', run: duplication as Analysis },
];

export async function gatherFindings(ctx: CapabilityContext, scope: { include?: string[]; exclude?: string[] }, analyze: boolean): Promise<{ findings: Finding[]; ran: string[] }> {
  const findings = ctx.previous.flatMap((r) => r.findings ?? []);
  const ran: string[] = [];
  if (!analyze) return { findings, ran };
  for (const analysis of ANALYSES) {
    if (findings.some((f) => f.ruleId.startsWith(analysis.prefix))) continue;
    ctx.signal.throwIfAborted();
    const input: { include?: string[]; exclude?: string[] } = {};
    if (scope.include) input.include = scope.include;
    if (scope.exclude) input.exclude = scope.exclude;
    findings.push(...((await analysis.run(input, ctx)).findings ?? []));
    ran.push(analysis.prefix.slice(0, -1));
  }
  return { findings, ran };
}
