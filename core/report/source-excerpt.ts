/** The code around a finding: a few lines of context either side, the range's lines marked. */
import type { SourceRange } from '../contracts/index.js';

export interface ExcerptLine {
  number: number;
  text: string;
  /** The part of the line inside the finding's range, as [start, end) character offsets; undefined outside it. */
  marked?: [number, number];
}

export interface Excerpt {
  lines: ExcerptLine[];
  /** True when a long range was cut short (a whole function, say): only its head is shown. */
  truncated: boolean;
}

export const CONTEXT_LINES = 3;
/** A range longer than this shows its first lines only. */
const MAX_RANGE_LINES = 8;

export function excerpt(source: string | undefined, range: SourceRange, context = CONTEXT_LINES): Excerpt | undefined {
  if (source === undefined) return undefined;
  const all = source.split(/\r?\n/);
  if (range.startLine < 1 || range.startLine > all.length) return undefined;
  const endLine = Math.min(range.endLine, all.length);
  const shownEnd = Math.min(endLine, range.startLine + MAX_RANGE_LINES - 1);
  const first = Math.max(1, range.startLine - context);
  const last = Math.min(all.length, shownEnd + (shownEnd < endLine ? 0 : context));
  const lines: ExcerptLine[] = [];
  for (let number = first; number <= last; number++) {
    const text = all[number - 1]!;
    lines.push({ number, text, marked: markedPart(number, text.length, range) });
  }
  return { lines, truncated: shownEnd < endLine };
}

function markedPart(line: number, length: number, range: SourceRange): [number, number] | undefined {
  if (line < range.startLine || line > range.endLine) return undefined;
  const start = line === range.startLine ? Math.max(0, range.startColumn - 1) : 0;
  // endColumn is inclusive (the contract's convention), so the slice ends one past it.
  const end = line === range.endLine ? Math.min(length, range.endColumn) : length;
  return end > start ? [start, end] : [start, Math.max(start, length)];
}
