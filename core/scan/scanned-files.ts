/**
 * What the scan covered: the source files under the root (same include/exclude as the checks), their
 * line counts per folder, and the contents of the files findings point into (for excerpts and
 * fingerprints). Read through a workspace view, so the same confinement and size limits apply.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Finding, SkippedFile, WorkspaceView } from '../contracts/index.js';
import type { ScanStats } from '../report/index.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export interface ScannedFiles {
  files: string[];
  /** What could not be read, with the reason: a file is never silently left out of a scan. */
  skipped: SkippedFile[];
  contents: Map<string, string>;
  lines: number;
  folders: ScanStats['folders'];
}

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}

export async function scannedFiles(
  workspace: WorkspaceView,
  include: string[] | undefined,
  exclude: string[] | undefined,
): Promise<ScannedFiles> {
  const options = { include, exclude, extensions: SOURCE_EXTENSIONS };
  const listed = await workspace.list(options);
  const { files, skipped } = await workspace.readMany(listed);
  const contents = new Map(files.map((f) => [f.path, f.content]));
  const folders: ScanStats['folders'] = {};
  let lines = 0;
  for (const file of files) {
    const count = lineCount(file.content);
    const folder = path.posix.dirname(file.path);
    const entry = (folders[folder] ??= { files: 0, lines: 0 });
    entry.files += 1;
    entry.lines += count;
    lines += count;
  }
  const all = [...(workspace.refused?.(options) ?? []), ...skipped].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: files.map((f) => f.path), skipped: all, contents, lines, folders };
}

/** Contents of the files the findings name, from what was read already or from disk (inside the root only). */
export async function findingSources(
  root: string,
  findings: readonly Finding[],
  known: Map<string, string>,
): Promise<Record<string, string>> {
  const sources: Record<string, string> = {};
  for (const file of new Set(findings.map((f) => f.file))) {
    const content = known.get(file) ?? (await readInside(root, file));
    if (content !== undefined) sources[file] = content;
  }
  return sources;
}

async function readInside(root: string, file: string): Promise<string | undefined> {
  const absolute = path.resolve(root, file);
  if (path.isAbsolute(file) || !absolute.startsWith(path.resolve(root) + path.sep)) return undefined;
  try {
    return await readFile(absolute, 'utf8');
  } catch {
    return undefined;
  }
}
