/**
 * Where a project's configuration is: `agentd.config.json` (or `.agentdrc.json`, accepted as its other
 * name) in the scanned folder or the nearest folder above it, as ESLint finds eslint.config.js. The walk
 * stops at the repository's root (the first folder holding `.git`) so a checkout never picks up a file
 * from a folder it happens to be cloned into, and at the filesystem's root. Both names in one folder
 * is an error: which one counts would be a guess.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AgentdError } from '../errors/index.js';

export const CONFIG_FILE_NAMES = ['agentd.config.json', '.agentdrc.json'] as const;

function inFolder(dir: string): string | undefined {
  const present = CONFIG_FILE_NAMES.map((name) => path.join(dir, name)).filter((file) => existsSync(file));
  if (present.length > 1) {
    throw new AgentdError(
      'invalid_project_config',
      `Both ${present.map((f) => `"${f}"`).join(' and ')} exist; keep one (agentd.config.json is the name agentd documents).`,
    );
  }
  return present[0];
}

/**
 * The configuration file for `start` (absolute): searched in `start` and, with `walkUp`, its parents up
 * to the repository root. The daemon looks in a job's workspace root only (`walkUp: false`): files
 * above a workspace are not that workspace's.
 */
export function findConfigFile(start: string, walkUp = true): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    const found = inFolder(dir);
    if (found) return found;
    if (!walkUp || existsSync(path.join(dir, '.git'))) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
