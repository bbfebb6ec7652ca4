/**
 * What the project's linter says about a refactoring: the changed files are linted with the project's
 * own ESLint flat config before and after the change (in agentd's sandbox, through analysis.lint's
 * project runner; the project-code permission is required, since loading the config runs it), and the
 * problems the change introduced are reported — as findings and in the summary, never as a failure.
 * Problems are compared by rule and message over the set of changed files (a move carries code, and
 * its lint problems, to another file). Without the permission the summary says the config was not run.
 */
import type { CapabilityContext, Finding } from '../../../core/index.js';
import { projectConfigFile } from '../../analysis/lint/project-config.js';
import { lintWithProjectConfig } from '../../analysis/lint/project-lint.js';

const LINTED = /\.(?:[cm]?[jt]sx?)$/;

export type LintBaseline = { config: string; counts: Map<string, number> } | { note: string } | null;

const keyOf = (finding: Finding): string => `${finding.ruleId}|${finding.message}`;

/** Lints `paths` as they are now (before the change is staged). null: the project has no ESLint config. */
export async function lintBaseline(ctx: CapabilityContext, paths: string[]): Promise<LintBaseline> {
  const config = await projectConfigFile(ctx);
  if (!config) return null;
  if (!ctx.permissions.projectCode)
    return {
      note: ` The project's ESLint config "${config}" was not run on the changed files (it is the project's code and project code is not allowed for this job).`,
    };
  const run = await lintWithProjectConfig(
    ctx,
    paths.filter((path) => LINTED.test(path)),
    { include: paths },
    config,
  );
  if ('failed' in run) return { note: ` The project's ESLint config could not be used: ${run.failed}.` };
  const counts = new Map<string, number>();
  for (const finding of run.findings) counts.set(keyOf(finding), (counts.get(keyOf(finding)) ?? 0) + 1);
  return { config, counts };
}

/** Lints `paths` after staging and returns the problems the change introduced, with a summary sentence. */
export async function lintIntroduced(
  ctx: CapabilityContext,
  baseline: LintBaseline,
  paths: string[],
): Promise<{ findings: Finding[]; note: string }> {
  if (baseline === null) return { findings: [], note: '' };
  if ('note' in baseline) return { findings: [], note: baseline.note };
  const run = await lintWithProjectConfig(
    ctx,
    paths.filter((path) => LINTED.test(path)),
    { include: paths },
    baseline.config,
  );
  if ('failed' in run) return { findings: [], note: ` The project's ESLint config could not be used after the change: ${run.failed}.` };
  const remaining = new Map(baseline.counts);
  const introduced: Finding[] = [];
  for (const finding of run.findings) {
    const left = remaining.get(keyOf(finding)) ?? 0;
    if (left > 0) remaining.set(keyOf(finding), left - 1);
    else introduced.push({ ...finding, data: { ...finding.data, introducedByRefactoring: true } });
  }
  if (introduced.length === 0)
    return { findings: [], note: ` The project's ESLint config "${baseline.config}" reports no new problem in the changed files.` };
  const shown = introduced
    .slice(0, 3)
    .map((f) => `${f.ruleId} at ${f.file}:${f.range.startLine}`)
    .join(', ');
  const more = introduced.length > 3 ? ` and ${introduced.length - 3} more` : '';
  return {
    findings: introduced,
    note: ` The project's ESLint config "${baseline.config}" reports ${introduced.length} new problem(s) in the changed files (${shown}${more}); see the findings.`,
  };
}
