/**
 * The App's per-repository workspace cache under workspace.path: `github/<owner>/<repo>/head` is one
 * working copy that pull-request scans fetch each head commit into (objects are kept between scans, so
 * a synchronize fetches only what is new), `github/<owner>/<repo>/tasks/<comment id>` a clone for each
 * `/agentd` task. Scans of one repository take turns on its working copy (in this process, and through a
 * lock file with other daemons on the same workspace.path). Removing a repository from the
 * installation deletes its folder.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError } from '../../core/index.js';
import { withFolderLock } from './folder-lock.js';
import { git, remoteUrl } from './git-remote.js';
import type { RepositoryName } from './repository-names.js';

export const CACHE_FOLDER = 'github';
/** A lock older than the longest scan (30 min) plus a fetch is taken over. */
const LOCK_STALE_MS = 40 * 60_000;

export class WorkspaceCache {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly workspaceBase: string,
    private readonly gitUrl: string,
  ) {}

  /** Relative to workspace.path (what a job's `workspace` and security.trustedWorkspaces name). */
  relative(name: RepositoryName, ...rest: string[]): string {
    return path.posix.join(CACHE_FOLDER, name.owner, name.repo, ...rest);
  }

  absolute(relative: string): string {
    return path.join(this.workspaceBase, ...relative.split('/'));
  }

  /** Runs `work` when no other work on this repository's working copy is running (this daemon or another on the same folder). */
  exclusive<T>(name: RepositoryName, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(name.fullName) ?? Promise.resolve();
    const folder = this.absolute(this.relative(name));
    const next = previous.catch(() => undefined).then(() => withFolderLock(folder, LOCK_STALE_MS, work));
    const tail = next.catch(() => undefined);
    this.locks.set(name.fullName, tail);
    void tail.then(() => {
      if (this.locks.get(name.fullName) === tail) this.locks.delete(name.fullName);
    });
    return next;
  }

  /**
   * The head working copy at `sha` (clean: untracked files removed): fetched by commit id, or through
   * `refs/pull/<n>/head` when the server does not serve commits by id. A head that no longer exists
   * (force-pushed away, branch deleted) is a github_git_failed error that says so.
   */
  async checkoutHead(name: RepositoryName, sha: string, pullNumber: number | null, token: string | undefined): Promise<string> {
    const dir = this.absolute(this.relative(name, 'head'));
    await mkdir(dir, { recursive: true });
    if (!(await exists(path.join(dir, '.git')))) await git(['init', '--quiet', dir], { cwd: dir });
    const url = remoteUrl(this.gitUrl, name);
    const fetched = await git(['fetch', '--quiet', '--no-tags', url, sha], { cwd: dir, token }).then(
      () => true,
      () => false,
    );
    if (!fetched && pullNumber !== null) {
      await git(['fetch', '--quiet', '--no-tags', url, `refs/pull/${pullNumber}/head`], { cwd: dir, token }).catch(() => undefined);
    }
    const present = await git(['cat-file', '-e', `${sha}^{commit}`], { cwd: dir }).then(
      () => true,
      () => false,
    );
    if (!present) {
      throw new AgentdError(
        'github_git_failed',
        `The pull request's head commit ${sha.slice(0, 12)} could not be fetched from ${name.fullName}: it was force-pushed away or its branch deleted. A newer push gets its own check run.`,
      );
    }
    await git(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--force', '--detach', sha], { cwd: dir });
    await git(['clean', '--quiet', '-ffdx'], { cwd: dir });
    return dir;
  }

  /**
   * A fresh clone of `branch` of `from` (the repository itself, or a pull request's fork) for one task
   * of `name`; an earlier clone of the same task is replaced.
   */
  async cloneForTask(
    name: RepositoryName,
    taskKey: string,
    branch: string,
    token: string | undefined,
    from: RepositoryName = name,
  ): Promise<string> {
    const relative = this.relative(name, 'tasks', taskKey);
    const dir = this.absolute(relative);
    await rm(dir, { recursive: true, force: true });
    await mkdir(path.dirname(dir), { recursive: true });
    await git(['clone', '--quiet', '--no-tags', '--single-branch', '--branch', branch, remoteUrl(this.gitUrl, from), dir], {
      cwd: path.dirname(dir),
      token,
    });
    return relative;
  }

  /** Deletes a task's clone (its pull request is open, or it was cancelled). */
  async removeTask(relative: string): Promise<void> {
    if (!relative.startsWith(`${CACHE_FOLDER}/`) || relative.split('/').includes('..')) return;
    await rm(this.absolute(relative), { recursive: true, force: true });
  }

  async remove(name: RepositoryName): Promise<void> {
    await this.exclusive(name, () => rm(this.absolute(this.relative(name)), { recursive: true, force: true }));
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
