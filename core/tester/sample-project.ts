/** A case's sample project on disk: a temp folder with the fixture copied and the files written, optionally a git repository. */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SampleProject } from './cases.js';

const exec = promisify(execFile);

/** Git with no user configuration read (a fixed identity, no hooks, no signing). */
const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'agentd tester',
  GIT_AUTHOR_EMAIL: 'tester@agentd.invalid',
  GIT_COMMITTER_NAME: 'agentd tester',
  GIT_COMMITTER_EMAIL: 'tester@agentd.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

export async function writeSample(sample: SampleProject): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-tester-'));
  try {
    if (sample.fixture) await cp(path.resolve(sample.fixture), root, { recursive: true });
    for (const [file, content] of Object.entries(sample.files ?? {})) {
      const target = path.join(root, file);
      if (path.relative(root, target).startsWith('..')) throw new Error(`sample file "${file}" is outside the workspace`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    if (sample.nodeModules) await symlink(path.resolve(sample.nodeModules), path.join(root, 'node_modules'), 'dir');
    if (sample.git) await commitAll(root);
    return root;
  } catch (error) {
    await removeSample(root);
    throw error;
  }
}

async function commitAll(root: string): Promise<void> {
  // git gets only what it needs to find itself and run (no secret of the test process's environment).
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, LANG: 'C', ...GIT_ENV };
  const git = (...args: string[]): Promise<unknown> => exec('git', args, { cwd: root, env });
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-q', '--no-verify', '--allow-empty', '-m', 'sample project');
}

export async function removeSample(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}
