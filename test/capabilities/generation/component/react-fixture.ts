/**
 * Test support of generation.component and generation.hook: a temp copy of a React fixture with the
 * repository's node_modules linked in, a generator run on it through a real local context, the staged
 * files written to the copy, and the project's real checks on them — agentd's TypeScript (tsc
 * --noEmit with the fixture's tsconfig), ESLint with the fixture's config, Prettier --check (idempotent
 * formatting under the fixture's settings) and the generated tests in the fixture's vitest.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import type { CapabilityContext, StepResult } from '../../../../core/index.js';

// Compiled to dist/test/capabilities/generation/component/: the repository is five levels up.
export const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
export const TAILWIND = 'react-vite-tailwind-vitest';
export const MODULES_TABS = 'react-cssmodules-tabs';

export interface Copy {
  root: string;
  remove(): Promise<void>;
}

export async function copyFixture(name: string): Promise<Copy> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-gen-ui-'));
  await cp(path.join(repo, 'fixtures', 'generation', name), root, { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

type Runner<I> = (input: I, ctx: CapabilityContext) => Promise<StepResult>;

export interface Generated {
  result: StepResult;
  /** Staged files: path -> content. */
  files: Map<string, string>;
}

/** Runs a generator on `root` and writes what it staged there (as an approval would). */
export async function generate<I>(runner: Runner<I>, root: string, input: I, projectCode = false): Promise<Generated> {
  const handle = await createLocalContext({ root, permissions: { projectCode }, limits: { maxToolCalls: 1000 } });
  const result = await runner(input, handle.ctx);
  const files = new Map<string, string>();
  for (const change of handle.ctx.workspace.changes()) {
    if (change.after === null) continue;
    files.set(change.path, change.after);
    await mkdir(path.dirname(path.join(root, change.path)), { recursive: true });
    await writeFile(path.join(root, change.path), change.after);
  }
  return { result, files };
}

export interface Ran {
  code: number;
  output: string;
}

export function runIn(cwd: string, file: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, encoding: 'utf8', maxBuffer: 20_000_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

const bin = (name: string): string => path.join(repo, 'node_modules', '.bin', name);

export interface Checks {
  tsc: Ran;
  eslint: Ran;
  prettier: Ran;
  tests: Ran | null;
}

/** The project's real checks on the generated files (tests: the generated test files in vitest). */
export async function checkProject(root: string, files: string[], testFiles: string[]): Promise<Checks> {
  const tsc = await runIn(root, process.execPath, [
    path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.json',
    '--noEmit',
  ]);
  const lintable = files.filter((f) => /\.[cm]?[jt]sx?$/.test(f));
  const eslint = await runIn(root, bin('eslint'), ['--max-warnings', '0', ...lintable]);
  const prettier = await runIn(root, bin('prettier'), ['--check', ...files]);
  const tests = testFiles.length > 0 ? await runIn(root, bin('vitest'), ['run', ...testFiles]) : null;
  return { tsc, eslint, prettier, tests };
}

/** A readable failure message of every check that failed. */
export function failures(checks: Checks): string {
  return Object.entries(checks)
    .filter(([, ran]) => ran !== null && ran.code !== 0)
    .map(([name, ran]) => `${name} (exit ${(ran as Ran).code}):\n${(ran as Ran).output.slice(0, 4000)}`)
    .join('\n\n');
}
