/** debugging.fix's work, loaded on first use (see ../fix.ts). */
import path from 'node:path';
import { AgentdError, type CapabilityContext, type Finding, type StepResult } from '../../../core/index.js';
import type { ErrorInput } from '../explain/error-input.js';
import { fixDiagnostics, type FixOutcome } from './fix-loop.js';
import { selectTargets } from './select-targets.js';
import { eslintProblemsOf, runEslintFix } from './eslint-fix.js';
import { headlineOf } from '../diagnose/headline.js';
import { errorLocations } from '../explain/error-locations.js';
import { checkProjects } from '../typecheck/check-projects.js';
import { ConfinedFiles } from '../typecheck/confined-host.js';
import { configFiles, loadProjects } from '../typecheck/find-projects.js';

export async function runFix(input: ErrorInput & { tsconfig?: string[]; maxFixes?: number }, ctx: CapabilityContext): Promise<StepResult> {
  // ESLint output: fixed with ESLint's own fixes, verified by re-running the project's ESLint config.
  const lintProblems = input.error ? eslintProblemsOf(input.error) : [];
  if (lintProblems.length > 0) return runEslintFix(lintProblems, ctx);
  if (input.error) refuseRuntimeError(input.error);
  const root = ctx.workspace.root;
  // Changes earlier steps staged are part of what is checked and fixed.
  const overlay = new Map<string, string | null>(ctx.workspace.changes().map((c) => [path.join(root, ...c.path.split('/')), c.after]));
  const files = new ConfinedFiles(root, overlay);
  const configs = await configFiles(ctx, input.tsconfig);
  if (configs.length === 0)
    throw new AgentdError(
      'fix_refused',
      'debugging.fix found no tsconfig.json in the workspace: it fixes TypeScript errors, verified by the type-check, and there is none to run.',
    );
  const projects = loadProjects(files, configs);
  const before = checkProjects(files, projects, ctx.signal);
  const errorsBefore = before.diagnostics.filter((d) => d.severity === 'error').length;
  const { targets, unmatched } = selectTargets(before.diagnostics, { error: input.error, file: input.file, line: input.line });
  if (targets.length === 0) {
    const why =
      errorsBefore === 0
        ? 'the type-check passes, so there is no type error to fix'
        : unmatched.length > 0
          ? `the type-check does not report ${unmatched.slice(0, 3).join(', ')} now`
          : 'no type error matches the request';
    throw new AgentdError(
      'fix_refused',
      `debugging.fix staged nothing: ${why}. (Runtime errors are diagnosed by debugging.diagnose; only TypeScript errors are fixed.)`,
    );
  }
  ctx.progress(30, `${targets.length} error(s) to fix`);
  const { outcomes, check } = fixDiagnostics(files, projects, before, targets.slice(0, input.maxFixes ?? 50), ctx.signal);
  const fixed = outcomes.filter((o) => o.fixed);
  if (fixed.length === 0) {
    throw new AgentdError(
      'fix_refused',
      `debugging.fix staged nothing: ${outcomes
        .slice(0, 5)
        .map((o) => `${o.file}:${o.line} TS${o.code}: ${o.description}`)
        .join('; ')}.`,
    );
  }
  const changed: string[] = [];
  for (const [abs, text] of overlay) {
    const rel = path.relative(root, abs).split(path.sep).join('/');
    const staged = ctx.workspace.changes().find((c) => c.path === rel);
    const original = staged ? staged.after : await ctx.workspace.read(rel).catch(() => null);
    if (text !== null && text !== original) {
      await ctx.workspace.write(rel, text);
      changed.push(rel);
    }
  }
  const errorsAfter = check.diagnostics.filter((d) => d.severity === 'error').length;
  const refused = outcomes.filter((o) => !o.fixed);
  const findings: Finding[] = refused.map((o) => ({
    ruleId: `debugging/fix-refused`,
    severity: 'info',
    file: o.file,
    range: { startLine: o.line, startColumn: 1, endLine: o.line, endColumn: 1 },
    message: `TS${o.code} not fixed: ${o.description}`,
  }));
  return {
    summary: `Fixed ${fixed.length} of ${outcomes.length} type error(s) (${fixed.map((o) => `${o.file}:${o.line} ${o.description}`).join('; ')}), verified by the type-check: ${errorsBefore} error(s) before, ${errorsAfter} after, none new.${refused.length > 0 ? ` Not fixed: ${refused.map((o) => `${o.file}:${o.line} TS${o.code} (${o.description})`).join('; ')}.` : ''}`,
    findings,
    data: {
      fixed: fixed as FixOutcome[],
      refused,
      changedFiles: changed,
      verification: {
        check: 'typecheck (TypeScript compiler API, every tsconfig project)',
        errorsBefore,
        errorsAfter,
        projects: check.projects.map((p) => p.config),
      },
    },
  };
}

/**
 * A failing test or a runtime error (an error line or stack frames, no TypeScript code) is refused
 * before any type-check: the type-check cannot verify a fix of it, and what the fix is (the code, the
 * test or the data) is a decision. The refusal says what the error is and where it points.
 */
function refuseRuntimeError(error: string): void {
  if (/\bTS\d{4,5}\b/.test(error)) return;
  const head = headlineOf(error);
  if (head.kind === 'message' && !head.name) return; // a bare message: matched against the type-check's diagnostics
  const at = errorLocations(error).find((l) => l.kind === 'frame' && !l.external);
  const what = head.kind === 'test-failure' ? `a failing test${head.test ? ` ("${head.test.slice(0, 120)}")` : ''}` : `a runtime error`;
  throw new AgentdError(
    'fix_refused',
    `debugging.fix staged nothing: the error is ${what}, not a TypeScript error (${head.name ? `${head.name}: ` : ''}${head.message.slice(0, 160)}${at ? `, at ${at.path}:${at.line}` : ''}). It fixes type errors only, each verified by the type-check, which cannot tell whether a change makes this pass; debugging.diagnose locates it and debugging.reproduce keeps it as a failing test.`,
  );
}
