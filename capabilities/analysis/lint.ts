/**
 * analysis.lint: the project's own ESLint flat config run on the job's view of the files — in a
 * sandboxed child (./lint/project-lint.ts), because loading it runs the project's code, and only with
 * the project-code permission — or, when the project has none (engine "auto"), agentd's built-in rules,
 * a curated subset of ESLint's recommended rules on the shared syntax tree (./lint/builtin/run-builtin.ts
 * says why). `engine: "eslint"` runs ESLint + typescript-eslint recommended (agentd's own config, in
 * this thread) instead. Without the permission, a project config is named in the summary and data as
 * not run, with what ran instead.
 */
import {
  isDeclarationFile,
  listSourcePaths,
  loadSources,
  unitOf,
  type CapabilityContext,
  type CapabilityMeta,
  type FileStepContext,
  type Finding,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { BUILTIN_RULE_NAMES } from './lint/builtin/run-builtin.js';
import { memoisedBuiltin } from './lint/builtin/memoised-builtin.js';
import { FLAT_CONFIG_NAMES, projectConfigFile } from './lint/project-config.js';
import { projectCodeNotice } from './lint/project-code-notice.js';
import { LINT_INPUT_SCHEMA, type LintInput } from './lint/options.js';
import { LINT_RULES } from './lint/rules.js';
import type { LintRun } from './lint/run-eslint.js';
import { selectFindings } from '../../core/index.js';
import { PLANNING } from './lint/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.lint',
  group: 'analysis',
  title: 'Lint (ESLint)',
  description:
    "The project's own ESLint flat config run on the job's files (or, without one, a curated set of ESLint's recommended rules built into agentd; ESLint + typescript-eslint recommended on request), normalised to findings.",
  version: '1.2.0',
  inputSchema: LINT_INPUT_SCHEMA,
  writes: false,
  rules: LINT_RULES,
  projectCode: {
    runs: "the project's eslint.config.* and the plugins it imports",
    without: "agentd's built-in rules (engine auto) or agentd's recommended ESLint config (engine eslint)",
  },
  planning: PLANNING,
};

async function builtinRun(ctx: CapabilityContext, input: LintInput): Promise<LintRun> {
  const { units, skipped } = await loadSources(ctx, input, meta.id);
  const findings: Finding[] = [];
  for (const [index, unit] of units.entries()) {
    if (index % 32 === 0) ctx.signal.throwIfAborted();
    findings.push(...memoisedBuiltin(ctx, unit));
  }
  return {
    findings,
    linted: units.map((u) => u.path),
    ignored: [],
    skipped,
    config: { source: 'builtin', file: null, rules: BUILTIN_RULE_NAMES },
  };
}

async function chooseAndRun(ctx: CapabilityContext, input: LintInput): Promise<LintRun> {
  const engine = input.engine ?? 'auto';
  if (engine === 'builtin') return builtinRun(ctx, input);
  const configFile = (input.useProjectConfig ?? true) ? await projectConfigFile(ctx) : undefined;
  if (configFile && !ctx.permissions.projectCode) {
    const fallback = engine === 'auto' ? await builtinRun(ctx, input) : await recommendedRun(ctx, input);
    return { ...fallback, projectCodeNotice: projectCodeNotice(configFile, fallback.config.source) };
  }
  if (configFile) {
    const { lintWithProjectConfig } = await import('./lint/project-lint.js');
    const project = await lintWithProjectConfig(ctx, await listSourcePaths(ctx, input), input, configFile);
    if (!('failed' in project)) return project;
    ctx.log('warn', `analysis.lint: ${project.failed}; using agentd's recommended config instead.`);
    return recommendedRun(ctx, input, project.failed);
  }
  return engine === 'auto' ? builtinRun(ctx, input) : recommendedRun(ctx, input);
}

async function recommendedRun(ctx: CapabilityContext, input: LintInput, fallbackReason?: string): Promise<LintRun> {
  // ESLint is loaded only here: a project linted by the built-in rules never pays its module loading.
  const { lintWithRecommended } = await import('./lint/run-eslint.js');
  return lintWithRecommended(ctx, await listSourcePaths(ctx, input), input, fallbackReason);
}

function configLabel(config: LintRun['config']): string {
  if (config.source === 'project') return `the project's ${config.file}`;
  if (config.source === 'builtin') return `agentd's built-in rules (${config.rules?.length ?? 0} of ESLint's recommended rules)`;
  return `agentd's recommended config${config.fallbackReason ? ` (${config.fallbackReason})` : ''}`;
}

export async function run(input: LintInput, ctx: CapabilityContext): Promise<StepResult> {
  const lint = await chooseAndRun(ctx, input ?? {});
  const findings = selectFindings(lint.findings, input?.rules);
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  const notice = lint.projectCodeNotice ? ` ${lint.projectCodeNotice}` : '';
  return {
    summary: `Linted ${lint.linted.length} files with ${configLabel(lint.config)}: ${findings.length} problems${lint.ignored.length ? `, ${lint.ignored.length} files ignored by the config` : ''}.${notice}`,
    findings,
    data: {
      config: lint.config,
      counts,
      linted: lint.linted.length,
      ignored: lint.ignored,
      skipped: lint.skipped,
      ...(lint.projectCodeNotice ? { projectCode: { needed: true, allowed: false, notice: lint.projectCodeNotice } } : {}),
    },
  };
}

/**
 * A file's built-in lint findings, memoised as run() memoises them, when run() is sure to use the
 * built-in rules: asked for, or engine "auto" with no ESLint flat config at the project's root. With a
 * config, run() decides by the project-code permission, which a per-file step does not know: it
 * computes nothing then, and run() lints as before.
 */
export function perFile(file: ParsedFile, ctx: FileStepContext, input: LintInput): void {
  const engine = input?.engine ?? 'auto';
  const builtin =
    engine === 'builtin' ||
    (engine === 'auto' &&
      (input?.useProjectConfig === false || !ctx.project.codeStyle.configFiles.some((name) => FLAT_CONFIG_NAMES.includes(name))));
  if (builtin && !isDeclarationFile(file.path)) memoisedBuiltin(ctx, unitOf(file));
}
