/**
 * The lines a pull request adds or changes, per file, from the patches GitHub lists for it
 * (GET /pulls/{n}/files): the new-code view. A finding is annotated only when it starts on one of them,
 * so what the base already had is never blamed on the pull request.
 */
export interface PullFile {
  filename: string;
  status: string;
  patch?: string;
}

export type ChangedLines = Map<string, Set<number>>;

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The new-side line numbers of a unified diff's added lines. */
export function addedLines(patch: string): Set<number> {
  const lines = new Set<number>();
  let next = 0;
  for (const line of patch.split('\n')) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      next = Number(hunk[1]);
      continue;
    }
    if (next === 0 || line.startsWith('\\')) continue;
    if (line.startsWith('+')) lines.add(next++);
    else if (!line.startsWith('-')) next++;
  }
  return lines;
}

/**
 * Removed files have no new lines. GitHub leaves `patch` out of large or binary diffs: an added file
 * then counts as wholly new (every line), a modified one as unknown (no line is annotated).
 */
export function changedLines(files: readonly PullFile[]): { lines: ChangedLines; wholeFiles: Set<string> } {
  const lines: ChangedLines = new Map();
  const wholeFiles = new Set<string>();
  for (const file of files) {
    if (file.status === 'removed') continue;
    if (file.patch !== undefined) lines.set(file.filename, addedLines(file.patch));
    else if (file.status === 'added') wholeFiles.add(file.filename);
  }
  return { lines, wholeFiles };
}

export function isChanged(changed: { lines: ChangedLines; wholeFiles: Set<string> }, file: string, line: number): boolean {
  return changed.wholeFiles.has(file) || changed.lines.get(file)?.has(line) === true;
}
