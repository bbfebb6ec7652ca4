/**
 * Test support for the testing capabilities: a temp copy of a fixture project with agentd's own
 * node_modules linked in (mocha, c8), and a capability run on it by id through the daemon's executor
 * (CapabilityTester.runInFolder).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentdError, type StagedEntry, type StepResult } from '../../../core/index.js';
import { testerOf } from '../support/sample-runs.js';

// Compiled to dist/test/capabilities/testing/: the repository is four levels up.
export const repo = fileURLToPath(new URL('../../../../', import.meta.url));
export const fixture = (name: string): string => path.join(repo, 'fixtures', 'testing', name);

const copies: string[] = [];

export async function copyOf(name: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-testing-'));
  copies.push(root);
  await cp(fixture(name), root, { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

export async function removeCopies(): Promise<void> {
  await Promise.all(copies.splice(0).map((c) => rm(c, { recursive: true, force: true })));
}

/** Runs capability `id` on `root`; a failed step rejects with an AgentdError of the job's code and the capability's own message. */
export async function runOn(
  id: string,
  root: string,
  input: unknown,
  options: { projectCode?: boolean; staged?: StagedEntry[] } = {},
): Promise<StepResult> {
  const outcome = await testerOf(id).runInFolder(root, {
    input: input as Record<string, unknown>,
    projectCode: options.projectCode ?? false,
    staged: options.staged,
    maxToolCalls: 1000,
  });
  if (outcome.error) throw new AgentdError(outcome.error.code as never, outcome.error.cause ?? outcome.error.message);
  return outcome.result!;
}

/** A program run directly (the peer the capability is compared with). */
export function runDirect(cwd: string, file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, encoding: 'utf8', maxBuffer: 50_000_000, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}
