/**
 * Test support shared by the modernize/simplify/dedupe/suggest/verify tests: copy a fixture to a temp
 * folder, run a capability (by id) on it through the daemon's executor (CapabilityTester.runInFolder),
 * write the staged overlay to the copy, and run commands (tsc, mocha) on the result.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyChanges, changesFromStaged } from '../../../../core/workspace/index.js';
import { AgentdError, type StagedEntry, type StepResult } from '../../../../core/index.js';
import { testerOf } from '../../support/sample-runs.js';

// Compiled to dist/test/capabilities/refactoring/modernize/: the repository is five levels up.
export const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
export const fixture = (...parts: string[]): string => path.join(repo, 'fixtures', ...parts);
export const tscBin = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
export const mochaBin = path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js');

const copies: string[] = [];

/** A temp copy of `source`; removed by `removeCopies()`. */
export async function copyOf(source: string, options: { linkNodeModules?: boolean } = {}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-refactoring-'));
  copies.push(root);
  await cp(source, root, { recursive: true });
  if (options.linkNodeModules) await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

export async function removeCopies(): Promise<void> {
  await Promise.all(copies.splice(0).map((c) => rm(c, { recursive: true, force: true })));
}

export interface StagedRun {
  result: StepResult;
  staged: StagedEntry[];
}

/**
 * Runs capability `id` on `root` and returns its result and overlay; a failed step rejects with an
 * AgentdError of the job's code and the capability's own message.
 */
export async function runOn(
  id: string,
  root: string,
  input: unknown,
  options: { projectCode?: boolean; previous?: StepResult[]; staged?: StagedEntry[] } = {},
): Promise<StagedRun> {
  const outcome = await testerOf(id).runInFolder(root, {
    input: input as Record<string, unknown>,
    projectCode: options.projectCode ?? false,
    previous: options.previous,
    staged: options.staged,
    maxToolCalls: 1000,
  });
  if (outcome.error) throw new AgentdError(outcome.error.code as never, outcome.error.cause ?? outcome.error.message);
  return { result: outcome.result!, staged: outcome.staged };
}

/** Writes the staged overlay to the copy, as the engine does on approval. */
export async function applyStaged(root: string, staged: StagedEntry[]): Promise<void> {
  await applyChanges(root, await changesFromStaged(root, staged));
}

export interface Ran {
  code: number;
  output: string;
}

export function runNode(cwd: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

export const typecheck = (root: string): Promise<Ran> => runNode(root, [tscBin, '--noEmit', '-p', root]);
export const mocha = (root: string): Promise<Ran> => runNode(root, [mochaBin]);
