/**
 * The project's own checks. With the project-code permission: the type-check (its `typecheck` script,
 * else `tsc --noEmit -p <tsconfig>` with the project's TypeScript or agentd's) and its test command
 * (`npm test` when package.json has a test script), run through `tools.runCommand` in temp copies.
 * Without it: the type-check with agentd's own TypeScript API over the tsconfig (typecheck-api.ts), and
 * the tests not run — listed in `notRun` as such, never reported as passed. A tsconfig with project
 * references is always checked with the API, project by project over their sources (`tsc -p` cannot
 * check it without a prior `tsc -b` build).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RUN_IN, compileStepArgs, findRunnerScript, isCompileStep, planInvocation, type CapabilityContext } from '../../../core/index.js';
import type { CheckName } from './options.js';
import { reportFile, reporterFor, type Reporter } from './test-reporters.js';
import { projectsOf } from './typecheck-api.js';

export type PlannedCheck =
  | {
      name: CheckName;
      kind: 'command';
      label: string;
      command(tree: string): { command: string; args: string[] };
      reporter?: Reporter;
      /** package.json's test script (or the runner call inside it), for a run narrowed to some test files (verify/narrow-tests.ts). */
      script?: string;
      /** The parts of a compound test script that were not run (its lint, build or other checks), as written. */
      leftOut?: string[];
      /** Run in the temp copy before the command (a narrowed mocha run drops the configured spec there). */
      prepare?(tree: string): Promise<void>;
      /** The build the test script runs before its runner (`tsc -p tsconfig.json && mocha dist/…`): run first, in order; a failing one fails the check. */
      builds?: { label: string; command(tree: string): { command: string; args: string[] } }[];
    }
  | { name: CheckName; kind: 'api'; label: string; tsconfig: string };

export interface NotRun {
  check: CheckName;
  reason: string;
  /** True when the check was not run only because the job does not allow project code. */
  needsProjectCode?: boolean;
}

interface PackageJson {
  scripts?: Record<string, unknown>;
}

export const NOT_ALLOWED = 'project code not allowed';

async function readPackageJson(ctx: CapabilityContext): Promise<PackageJson | null> {
  if (!(await ctx.workspace.exists('package.json'))) return null;
  // Read outside the try: a spent tool budget or a cancellation must end the step, not read as "no scripts".
  const text = await ctx.workspace.read('package.json');
  try {
    return JSON.parse(text) as PackageJson;
  } catch {
    return null;
  }
}

function npmScript(name: CheckName, script: string): PlannedCheck {
  // `npm --prefix <tree>` runs the script with the tree as its working directory.
  return {
    name,
    kind: 'command',
    label: `npm ${script === 'test' ? 'test' : `run ${script}`}`,
    command: (tree) => ({ command: 'npm', args: ['--prefix', tree, 'run', script, '--silent'] }),
  };
}

function tscPath(root: string): string {
  const own = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  return existsSync(own)
    ? path.join('node_modules', 'typescript', 'bin', 'tsc')
    : createRequire(import.meta.url).resolve('typescript/bin/tsc');
}

async function tsconfigOf(ctx: CapabilityContext): Promise<string | null> {
  return ctx.project.tsconfig ?? ((await ctx.workspace.exists('tsconfig.json')) ? 'tsconfig.json' : null);
}

function tscCommand(root: string, tsconfig: string): PlannedCheck {
  const tsc = tscPath(root);
  return {
    name: 'typecheck',
    kind: 'command',
    label: `tsc --noEmit -p ${tsconfig}`,
    command: (tree) => ({
      command: process.execPath,
      args: [path.isAbsolute(tsc) ? tsc : path.join(tree, tsc), '--noEmit', '-p', path.join(tree, tsconfig)],
    }),
  };
}

async function typecheck(ctx: CapabilityContext, scripts: Record<string, unknown>): Promise<PlannedCheck | NotRun> {
  const allowed = ctx.permissions.projectCode;
  if (allowed && typeof scripts.typecheck === 'string') return npmScript('typecheck', 'typecheck');
  const tsconfig = await tsconfigOf(ctx);
  if (tsconfig) {
    // `tsc --noEmit -p` on a config with project references checks nothing (a solution config, exit 0)
    // or stops at TS6305 until `tsc -b` has emitted; agentd's API checks every project over its sources.
    const referenced = projectsOf(ctx.workspace.root, tsconfig).length - 1;
    if (referenced > 0)
      return {
        name: 'typecheck',
        kind: 'api',
        label: `agentd's TypeScript API on ${tsconfig} and the ${referenced} project${referenced === 1 ? '' : 's'} it references`,
        tsconfig,
      };
    return allowed
      ? tscCommand(ctx.workspace.root, tsconfig)
      : { name: 'typecheck', kind: 'api', label: `agentd's TypeScript API on ${tsconfig}`, tsconfig };
  }
  if (typeof scripts.typecheck === 'string')
    return {
      check: 'typecheck',
      reason: `${NOT_ALLOWED} (its "typecheck" script is the project's code, and there is no tsconfig.json agentd could check itself)`,
      needsProjectCode: true,
    };
  return { check: 'typecheck', reason: missingCheckReason('typecheck') };
}

function tests(ctx: CapabilityContext, scripts: Record<string, unknown>): PlannedCheck | NotRun {
  if (!hasRealTestScript(scripts.test)) return { check: 'tests', reason: missingCheckReason('tests') };
  if (ctx.permissions.projectCode) {
    // A plain runner invocation gets its JSON reporter: the tests are then compared one by one.
    const reporter = reporterFor(scripts.test as string);
    if (!reporter) return runnerInsideScript(scripts) ?? npmScript('tests', 'test');
    return {
      name: 'tests',
      kind: 'command',
      label: `npm test, ${reporter.runner} per test`,
      reporter,
      script: scripts.test as string,
      command: (tree) => ({
        command: 'npm',
        args: ['--prefix', tree, 'run', 'test', '--silent', '--', ...reporter.args(reportFile(tree))],
      }),
    };
  }
  return {
    check: 'tests',
    reason: `${NOT_ALLOWED} ("npm test" runs the project's code; allow project code for this workspace to run it)`,
    needsProjectCode: true,
  };
}

/**
 * A compound test script (`vitest run && yarn test:build`, `yarn lint && yarn testonly`): its plain
 * runner call, run directly with the reporter so the tests compare one by one; the other parts are
 * named in the label and `leftOut` (core/test-runs/runner-script.ts). Null when there is none.
 */
function runnerInsideScript(scripts: Record<string, unknown>): PlannedCheck | null {
  const found = findRunnerScript(scripts);
  const reporter = found ? reporterFor(found.script) : null;
  if (!found || !reporter) return null;
  const from = found.from === 'test' ? 'the "test" script' : `the "${found.from}" script that "test" runs`;
  // A compile step the runner's files come from (dist/test/**/*.js) is run first, never left out.
  const builds = found.leftOut.filter(isCompileStep);
  const others = found.leftOut.filter((part) => !builds.includes(part));
  const built = builds.length > 0 ? ` after ${builds.join(' && ')}` : '';
  const leftOut = others.length > 0 ? `; left out: ${others.join(', ')}` : '';
  return {
    name: 'tests',
    kind: 'command',
    label: `${found.script}${built} from ${from}${leftOut}, ${reporter.runner} per test`,
    reporter,
    script: found.script,
    leftOut: others,
    ...(builds.length > 0 ? { builds: builds.map(buildCommand) } : {}),
    command(tree) {
      const invocation = planInvocation(found.script, reporter.runner, tree, reportFile(tree))!;
      return { command: process.execPath, args: [RUN_IN, tree, invocation.program, ...invocation.args] };
    },
  };
}

/** A compile step of the test script, run in the tree before the runner (core/test-runs/compile-steps.ts). */
function buildCommand(part: string): { label: string; command(tree: string): { command: string; args: string[] } } {
  return { label: part, command: (tree) => ({ command: process.execPath, args: compileStepArgs(part, tree) }) };
}

export async function planChecks(ctx: CapabilityContext, wanted: CheckName[]): Promise<{ checks: PlannedCheck[]; notRun: NotRun[] }> {
  const scripts = (await readPackageJson(ctx))?.scripts ?? {};
  const planned: (PlannedCheck | NotRun)[] = [];
  if (wanted.includes('typecheck')) planned.push(await typecheck(ctx, scripts));
  if (wanted.includes('tests')) planned.push(tests(ctx, scripts));
  return {
    checks: planned.filter((p): p is PlannedCheck => 'kind' in p),
    notRun: planned.filter((p): p is NotRun => 'check' in p),
  };
}

/**
 * `npm init`'s placeholder ("echo \"Error: no test specified\" && exit 1") fails on both sides; running
 * it would only report a test suite that does not exist, so it counts as no test script.
 */
function hasRealTestScript(script: unknown): boolean {
  return typeof script === 'string' && script.trim() !== '' && !/no test specified/.test(script);
}

/** Why a requested check is not planned, in the words the refusal and the report use. */
export function missingCheckReason(name: CheckName): string {
  return name === 'typecheck'
    ? 'there is no tsconfig.json and no "typecheck" script'
    : 'there is no "test" script (or only npm\'s "no test specified" placeholder)';
}
