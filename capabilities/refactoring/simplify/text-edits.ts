/** Non-overlapping text replacements on one file, applied last first so offsets stay valid. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Applies the edits; an edit overlapping one already taken is dropped (the next pass can redo it). */
export function applyEdits(text: string, edits: TextEdit[]): { text: string; applied: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: TextEdit[] = [];
  for (const edit of sorted) {
    const last = kept[kept.length - 1];
    if (last && edit.start < last.end) continue;
    kept.push(edit);
  }
  let result = text;
  for (const edit of kept.reverse()) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return { text: result, applied: kept.length };
}

/** The range of a whole statement including its own line(s): leading indentation and the trailing newline. */
export function statementLineRange(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from -= 1;
  let to = end;
  while (to < text.length && (text[to] === ' ' || text[to] === '\t')) to += 1;
  const ownLine = (from === 0 || text[from - 1] === '\n') && (to === text.length || text[to] === '\n' || text[to] === '\r');
  if (!ownLine) return { start, end };
  if (text[to] === '\r') to += 1;
  if (text[to] === '\n') to += 1;
  return { start: from, end: to };
}
