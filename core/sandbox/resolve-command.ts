/**
 * Finds the program a command names, the way a shell would (a path with a slash is taken relative to
 * the working folder, a bare name is looked up on PATH), so a missing program is reported as
 * file_not_found before anything starts — inside the sandbox's wrapper it would only be exit code 127.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { AgentdError } from '../errors/index.js';

function isExecutableFile(candidate: string): boolean {
  try {
    accessSync(candidate, constants.X_OK);
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

export function resolveCommand(command: string, searchPath: string, cwd: string): string {
  if (command.includes('/') || command.includes(path.sep)) {
    const absolute = path.resolve(cwd, command);
    if (isExecutableFile(absolute)) return absolute;
  } else {
    for (const folder of searchPath.split(path.delimiter)) {
      if (folder === '') continue;
      const candidate = path.join(folder, command);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  throw new AgentdError('file_not_found', `Command "${command}" was not found; install it or use another command.`);
}

/** The program on PATH, or null: for the sandbox's own helpers (unshare), which may be missing. */
export function findOnPath(name: string, searchPath: string): string | null {
  try {
    return resolveCommand(name, searchPath, '/');
  } catch {
    return null;
  }
}
