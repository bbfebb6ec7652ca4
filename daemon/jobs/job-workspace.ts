/**
 * A job's `workspace` is a folder relative to workspace.path. It is checked when the job is submitted:
 * lexically (not absolute, no "..") and physically (it exists, is a folder, and its real path — after
 * symlinks — is still inside workspace.path).
 */
import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError } from '../../core/index.js';

export interface JobWorkspace {
  /** As stored in the job record: POSIX, relative to workspace.path, "." for the base itself. */
  relative: string;
  /** Real absolute path handed to the engine. */
  root: string;
}

function refuse(requested: string, why: string): AgentdError {
  return new AgentdError('invalid_workspace', `Workspace "${requested}" ${why}; give a folder relative to workspace.path.`);
}

function normalize(requested: string): string {
  if (requested.includes('\0')) throw refuse(requested.replace(/\0/g, '\\0'), 'contains a NUL byte');
  if (path.isAbsolute(requested) || path.posix.isAbsolute(requested) || /^[A-Za-z]:/.test(requested)) {
    throw refuse(requested, 'is absolute');
  }
  const parts = requested.split(/[\\/]/).filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw refuse(requested, 'contains ".." and could leave workspace.path');
  return parts.length === 0 ? '.' : parts.join('/');
}

async function realFolder(abs: string, requested: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(abs);
  } catch {
    throw refuse(requested, 'does not exist');
  }
  if (!(await stat(real)).isDirectory()) throw refuse(requested, 'is not a folder');
  return real;
}

export async function resolveJobWorkspace(base: string, requested: string | undefined): Promise<JobWorkspace> {
  const wanted = requested ?? '.';
  const relative = normalize(wanted);
  const realBase = await realpath(base).catch(() => {
    throw new AgentdError('unavailable', `The daemon's workspace.path "${base}" does not exist; create it or restart with --workspace.`);
  });
  const root = await realFolder(path.join(realBase, ...relative.split('/')), wanted);
  const inside = root === realBase || root.startsWith(realBase.endsWith(path.sep) ? realBase : realBase + path.sep);
  // Only what the client sent is named: the target's real path would tell it about the server's file system.
  if (!inside) throw refuse(wanted, 'leads outside workspace.path through a symlink');
  return { relative, root };
}

/**
 * Creates workspace.path at start-up when it does not exist yet (the configuration accepts a folder
 * to be), so the first job does not fail on a missing base. A path that cannot be created fails start-up.
 */
export async function ensureWorkspaceBase(base: string): Promise<void> {
  try {
    await mkdir(base, { recursive: true });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AgentdError(
      'invalid_config',
      `workspace.path "${base}" cannot be created (${reason}); create it or choose another with --workspace.`,
      { cause: error },
    );
  }
}
