/**
 * Test support of the API generators: a temp copy of a generation fixture with agentd's node_modules
 * linked in, a generator run through a real local context with its staged files written to the copy,
 * and the real checks on the result: tsc, the fixture's ESLint config, Prettier idempotence and the
 * fixture's own test script (mocha against PostgreSQL, node:test on SQLite, Vitest in the Next.js project).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import type { CapabilityContext, StepResult } from '../../../../core/index.js';

// Compiled to dist/test/capabilities/generation/api/: the repository is five levels up.
export const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
export const EXPRESS_PG = 'express-pg-mocha';
export const FASTIFY_SQLITE = 'fastify-sqlite-nodetest';

const copies: string[] = [];

export async function copyFixture(name: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `agentd-gen-api-${name}-`));
  copies.push(root);
  await cp(path.join(repo, 'fixtures', 'generation', name), root, { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

export async function removeCopies(): Promise<void> {
  await Promise.all(copies.splice(0).map((c) => rm(c, { recursive: true, force: true })));
}

type Runner<I> = (input: I, ctx: CapabilityContext) => Promise<StepResult>;

/** Runs a generator on `root` and writes what it staged to the copy (as approving the job would). */
export async function generate<I>(
  runner: Runner<I>,
  root: string,
  input: I,
): Promise<{ result: StepResult; written: string[]; diffs: Map<string, string> }> {
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
  const result = await runner(input, handle.ctx);
  const diffs = new Map(handle.ctx.workspace.changes().map((c) => [c.path, c.diff ?? '']));
  const written: string[] = [];
  for (const entry of handle.staged()) {
    if (entry.content === null) continue;
    await mkdir(path.dirname(path.join(root, entry.path)), { recursive: true });
    await writeFile(path.join(root, entry.path), entry.content);
    written.push(entry.path);
  }
  return { result, written, diffs };
}

export interface Outcome {
  code: number;
  output: string;
}

export function exec(cwd: string, file: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, encoding: 'utf8', maxBuffer: 50_000_000, env: { ...process.env, NO_COLOR: '1', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

const bin = (relative: string): string => path.join(repo, 'node_modules', relative);

/** tsc --noEmit with agentd's TypeScript under the fixture's tsconfig. */
export const typecheck = (root: string): Promise<Outcome> =>
  exec(root, process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
/** ESLint with the fixture's own flat config. */
export const lint = (root: string, files: string[]): Promise<Outcome> =>
  exec(root, process.execPath, [bin('eslint/bin/eslint.js'), '--max-warnings', '0', ...files]);
/** Prettier --check with the fixture's config: the formatted output is a fixed point. */
export const prettierCheck = (root: string, files: string[]): Promise<Outcome> =>
  exec(root, process.execPath, [bin('prettier/bin/prettier.cjs'), '--check', ...files]);

/** The fixture's test script: compile, then its runner over the compiled tests. */
export async function runTests(root: string, runner: 'mocha' | 'node:test', env: Record<string, string> = {}): Promise<Outcome> {
  const build = await exec(root, process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json']);
  if (build.code !== 0) return build;
  return runner === 'mocha'
    ? exec(root, process.execPath, [bin('mocha/bin/mocha.js'), '--exit', 'dist/test/**/*.test.js'], env)
    : exec(root, process.execPath, ['--test', 'dist/test/'], env);
}

/** The project's Vitest (`vitest run`, as a Next.js project's test script), over its whole test folder. */
export const runVitest = (root: string, env: Record<string, string> = {}): Promise<Outcome> =>
  exec(root, process.execPath, [bin('vitest/vitest.mjs'), 'run'], env);
