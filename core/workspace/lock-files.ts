/**
 * Which files `readLockFile` may read past the 100 KB limit: the package managers' lock files, by
 * name, in any folder. They are generated data, not source a capability edits, and a real project's
 * lock file is usually 100 KB–10 MB (agentd's own package-lock.json is ~170 KB), so the dependency
 * checks could not work without them. Read-only: writes keep the 100 KB limit.
 */
import { AgentdError } from '../errors/index.js';

export const LOCK_FILE_NAMES = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml'];

export function isLockFile(rel: string): boolean {
  return LOCK_FILE_NAMES.includes(rel.slice(rel.lastIndexOf('/') + 1));
}

export function assertLockFile(rel: string): void {
  if (!isLockFile(rel)) {
    throw new AgentdError(
      'invalid_input',
      `"${rel}" is not a dependency lock file (${LOCK_FILE_NAMES.join(', ')}); read it with read(), which allows up to 100 KB.`,
    );
  }
}
