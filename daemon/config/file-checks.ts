import { accessSync, constants, statSync } from 'node:fs';
import { findSource, getPath, type PlainObject, type SourceMap } from './layers.js';
import { valueProblem, type ConfigProblem } from './problems.js';

/**
 * Checks the schema cannot make: paths that must point at something usable. The spec asks for a
 * private key "readable by the daemon process", and a workspace that is a file would fail every job.
 * A workspace that does not exist yet is fine: the daemon creates it.
 */
export function checkPaths(merged: PlainObject, sources: SourceMap): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const keyPath = getPath(merged, 'github.privateKeyPath');
  if (typeof keyPath === 'string' && keyPath !== '') {
    const reason = unreadableFile(keyPath);
    if (reason) problems.push(problem(merged, sources, 'github.privateKeyPath', `must be a readable file (${reason})`));
  }
  const workspace = getPath(merged, 'workspace.path');
  if (typeof workspace === 'string' && workspace !== '' && existsAsNonDirectory(workspace)) {
    problems.push(problem(merged, sources, 'workspace.path', 'must be a directory (it is a file)'));
  }
  return problems;
}

function problem(merged: PlainObject, sources: SourceMap, key: string, complaint: string): ConfigProblem {
  return valueProblem(key, getPath(merged, key), findSource(sources, key) ?? 'default', complaint);
}

function unreadableFile(filePath: string): string | undefined {
  try {
    if (!statSync(filePath).isFile()) return 'it is not a regular file';
    accessSync(filePath, constants.R_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

function existsAsNonDirectory(dir: string): boolean {
  try {
    return !statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
