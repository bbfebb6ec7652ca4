/**
 * `--changed-since <ref>`: the files changed between the ref and HEAD (`git diff ref...HEAD`, i.e. since
 * the merge base, as a pull request sees it) plus what is modified, staged or untracked right now.
 * Paths are relative to the scan root (git's --relative), and only files that still exist are kept.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { AgentdError } from '../errors/index.js';

const run = promisify(execFile);

async function git(root: string, args: string[]): Promise<string[]> {
  try {
    const { stdout } = await run('git', ['-C', root, ...args], { maxBuffer: 64 * 1024 * 1024 });
    return stdout.split('\0').filter(Boolean);
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? (error as Error).message)
      .trim()
      .split('\n')[0];
    throw new AgentdError(
      'invalid_input',
      `git could not list the changes for --changed-since (${stderr}); pass a ref that exists in "${root}" (a branch, tag or commit).`,
      { cause: error },
    );
  }
}

export async function changedFiles(root: string, ref: string): Promise<string[]> {
  if (ref.startsWith('-'))
    throw new AgentdError('invalid_input', `--changed-since "${ref}" is not a git ref; pass a branch, tag or commit such as origin/main.`);
  const lists = await Promise.all([
    git(root, ['diff', '--name-only', '--relative', '-z', `${ref}...HEAD`, '--']),
    git(root, ['diff', '--name-only', '--relative', '-z', 'HEAD', '--']),
    git(root, ['ls-files', '--others', '--exclude-standard', '-z']),
  ]);
  const unique = [...new Set(lists.flat().map((p) => p.split(path.sep).join('/')))];
  return unique.filter((file) => existsSync(path.join(root, file))).sort();
}

/** An exact path as a gitignore-style include pattern: anchored at the root, glob characters escaped. */
export function exactPattern(file: string): string {
  return `/${file.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`)}`;
}
