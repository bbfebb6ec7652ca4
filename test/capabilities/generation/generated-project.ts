/**
 * Test support of generation.types / validator / client: a temp copy of a fixture under
 * fixtures/generation/ with agentd's node_modules linked in, a generator run through a real local
 * context, its staged files written to the copy, and the real checks on them (agentd's tsc, ESLint with
 * the fixture's config, Prettier idempotence, the fixture's test runner).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../core/context/index.js';
import type { CapabilityContext, StepResult } from '../../../core/index.js';

// Compiled to dist/test/capabilities/generation/: the repository is four levels up.
export const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = (p: string): string => path.join(repo, 'node_modules', p);

const copies: string[] = [];

export async function copyOf(fixture: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-gen-'));
  copies.push(root);
  await cp(path.join(repo, 'fixtures', 'generation', fixture), root, { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/**
 * Makes the copy's `zod` the zod 3 API: node_modules becomes a folder linking every package of agentd's
 * except zod, which is a package of version 3.25.76 re-exporting zod 4's `zod/v3` (the zod 3 code base).
 */
export async function installZod3(root: string): Promise<void> {
  const modules = path.join(root, 'node_modules');
  const shared = path.join(repo, 'node_modules');
  await rm(modules);
  await mkdir(path.join(modules, 'zod'), { recursive: true });
  for (const entry of await readdir(shared)) {
    if (entry !== 'zod') await symlink(path.join(shared, entry), path.join(modules, entry));
  }
  const v3 = path.join(shared, 'zod', 'v3', 'index.js');
  const pkg = { name: 'zod', version: '3.25.76', type: 'module', main: './index.js', types: './index.d.ts' };
  await writeFile(path.join(modules, 'zod', 'package.json'), JSON.stringify(pkg));
  for (const file of ['index.js', 'index.d.ts']) {
    await writeFile(
      path.join(modules, 'zod', file),
      `export * from ${JSON.stringify(v3)};\nexport { default } from ${JSON.stringify(v3)};\n`,
    );
  }
}

export async function removeCopies(): Promise<void> {
  await Promise.all(copies.splice(0).map((c) => rm(c, { recursive: true, force: true })));
}

type Runner<I> = (input: I, ctx: CapabilityContext) => Promise<StepResult>;

/** Runs the generator, writes what it staged into `root`; returns the result and the written paths. */
export async function generate<I>(runner: Runner<I>, root: string, input: I): Promise<{ result: StepResult; files: string[] }> {
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
  const result = await runner(input, handle.ctx);
  const files: string[] = [];
  for (const entry of handle.staged()) {
    if (entry.content === null) continue;
    await mkdir(path.dirname(path.join(root, entry.path)), { recursive: true });
    await writeFile(path.join(root, entry.path), entry.content);
    files.push(entry.path);
  }
  return { result, files };
}

export interface Run {
  code: number;
  output: string;
}

export function runNode(cwd: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd, encoding: 'utf8', maxBuffer: 20_000_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** tsc -p tsconfig.json in the copy (emits to dist/ when `emit`). */
export const tsc = (root: string, emit = false): Promise<Run> =>
  runNode(root, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', ...(emit ? [] : ['--noEmit'])]);
/** ESLint with the fixture's own eslint.config.js. */
export const eslint = (root: string, files: string[]): Promise<Run> =>
  runNode(root, [bin('eslint/bin/eslint.js'), '--max-warnings', '0', ...files]);
/** Prettier --check with the fixture's .prettierrc: the generated files are already in its format. */
export const prettierCheck = (root: string, files: string[]): Promise<Run> =>
  runNode(root, [bin('prettier/bin/prettier.cjs'), '--check', ...files]);
export const mocha = (root: string, files: string[]): Promise<Run> => runNode(root, [bin('mocha/bin/mocha.js'), ...files]);
export const nodeTest = (root: string, files: string[]): Promise<Run> => runNode(root, ['--test', ...files]);

/** The compiled JS of a TypeScript source of the copy (tsconfig outDir dist, rootDir .). */
export const compiled = (root: string, file: string): string => path.join(root, 'dist', file.replace(/\.tsx?$/, '.js'));
