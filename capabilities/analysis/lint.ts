/**
 * analysis.lint: the project's own ESLint flat config (or agentd's recommended one) run programmatically
 * on the job's view of the files, normalised to findings. See ./lint/eslint-configs.ts for which
 * config is used and why loading a project config means running its code.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { listSources } from './complexity/project-report.js';
import { LINT_INPUT_SCHEMA, type LintInput } from './lint/options.js';
import { LINT_RULES } from './lint/rules.js';
import { lintFiles } from './lint/run-eslint.js';
import { selectFindings } from './smells/rule-selection.js';

export const meta: CapabilityMeta = {
  id: 'analysis.lint',
  group: 'analysis',
  title: 'Lint (ESLint)',
  description: "The project's own ESLint flat config (or ESLint + typescript-eslint recommended) run on the job's files, normalised to findings.",
  version: '1.0.0',
  inputSchema: LINT_INPUT_SCHEMA,
  writes: false,
  rules: LINT_RULES,
};

export async function run(input: LintInput, ctx: CapabilityContext): Promise<StepResult> {
  const files = await listSources(ctx, input ?? {});
  const lint = await lintFiles(ctx, files, input?.useProjectConfig ?? true);
  const findings = selectFindings(lint.findings, input?.rules);
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  const configLabel = lint.config.source === 'project' ? `the project's ${lint.config.file}` : `agentd's recommended config${lint.config.fallbackReason ? ` (${lint.config.fallbackReason})` : ''}`;
  return {
    summary: `Linted ${lint.linted.length} files with ${configLabel}: ${findings.length} problems${lint.ignored.length ? `, ${lint.ignored.length} files ignored by the config` : ''}.`,
    findings,
    data: { config: lint.config, counts, linted: lint.linted.length, ignored: lint.ignored, skipped: lint.skipped },
  };
}
