/** 1-based line/column <-> offsets, and the file lookups every refactoring does first. */
import type { Project, SourceFile } from 'ts-morph';
import { refuse } from './refusal.js';
import { toProjectPath, toWorkspacePath } from './load-project.js';

/** The project's source file for a workspace-relative path, or a refusal naming the path. */
export function requireSourceFile(project: Project, rel: string): SourceFile {
  const file = project.getSourceFile(toProjectPath(rel.replace(/^\.?\/+/, '')));
  if (!file) {
    throw refuse(
      `File "${rel}" is not part of the TypeScript project (missing, unreadable or excluded by the tsconfig); pass a path relative to the workspace root of a file the tsconfig includes.`,
    );
  }
  return file;
}

/** "path:line" of a node position, for messages and candidate lists. */
export function where(file: SourceFile, pos: number): string {
  return `${toWorkspacePath(file.getFilePath())}:${file.getLineAndColumnAtPos(pos).line}`;
}

/** Offset of a 1-based line and column; column defaults to the line's first non-blank character. */
export function offsetOf(file: SourceFile, line: number, column?: number): number {
  const starts = file.compilerNode.getLineStarts();
  if (line < 1 || line > starts.length) {
    throw refuse(
      `Line ${line} is outside "${toWorkspacePath(file.getFilePath())}" (it has ${starts.length} lines); pass a line between 1 and ${starts.length}.`,
    );
  }
  const lineStart = starts[line - 1]!;
  if (column !== undefined) return lineStart + column - 1;
  const text = file.getFullText();
  let pos = lineStart;
  while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t')) pos += 1;
  return pos;
}

/** Offset just after the last non-blank character of a 1-based line. */
export function lineEndOffset(file: SourceFile, line: number): number {
  const starts = file.compilerNode.getLineStarts();
  const text = file.getFullText();
  let end = line < starts.length ? starts[line]! : text.length;
  while (end > starts[line - 1]! && /\s/.test(text[end - 1]!)) end -= 1;
  return end;
}
