/**
 * Confinement of workspace paths: every path a capability names is POSIX, relative to the root, and
 * must stay inside it — lexically (no "..", no absolute path, no NUL) and physically (a symlink whose
 * real path leaves the root is refused too).
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { AgentdError } from '../errors/index.js';

export interface ConfinedPath {
  /** Normalised POSIX path relative to the root, e.g. "src/app.ts". */
  rel: string;
  /** Absolute path on disk (root + rel, symlinks not resolved). */
  abs: string;
}

function escape(path: string, why: string): AgentdError {
  return new AgentdError('workspace_escape', `Path "${path}" ${why}; use a POSIX path relative to the workspace root.`);
}

/** Lexical checks only: no disk access. Throws `workspace_escape`. */
export function normalizeRelPath(path: string): string {
  if (typeof path !== 'string' || path.length === 0) throw escape(String(path), 'is empty');
  if (path.includes('\0')) throw escape(path.replace(/\0/g, '\\0'), 'contains a NUL byte');
  if (path.includes('\\')) throw escape(path, 'contains a backslash');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) throw escape(path, 'is absolute');
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw escape(path, 'contains ".."');
  if (parts.length === 0) throw escape(path, 'names the root itself, not a file');
  return parts.join('/');
}

export function isInside(realRoot: string, candidate: string): boolean {
  return candidate === realRoot || candidate.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/**
 * The real path of `abs`, or of its nearest existing ancestor when it does not exist yet.
 * Synchronous on purpose: it runs for every file a capability touches, and each async fs call is a
 * round trip through libuv's small thread pool that costs far more than the lookup itself (measured:
 * ~15x over the 389 files of eslint/lib). Steps run in their own worker thread.
 */
function realpathOfExisting(abs: string): string {
  let current = abs;
  for (;;) {
    try {
      return realpathSync.native(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = dirname(current);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) throw error;
      current = parent;
    }
  }
}

/**
 * Lexical and physical confinement. `realRoot` must already be a real path (see `realRoot()`).
 * A symlink is followed; if it (or any parent) leads outside the root the path is refused.
 */
export async function confinePath(realRoot: string, path: string): Promise<ConfinedPath> {
  const rel = normalizeRelPath(path);
  const abs = join(realRoot, ...rel.split('/'));
  const real = realpathOfExisting(abs);
  // Only the path that was asked for is named, never where the link really points on the server.
  if (!isInside(realRoot, real)) throw escape(path, 'leads outside the root through a symlink');
  return { rel, abs };
}

/** Resolves the root's own symlinks once, so confinement compares real paths with real paths. */
export async function realRoot(root: string): Promise<string> {
  try {
    return await realpath(root);
  } catch (error) {
    throw new AgentdError(
      'invalid_workspace',
      `Workspace root "${root}" does not exist; create it or point the job at an existing folder.`,
      {
        cause: error,
      },
    );
  }
}
