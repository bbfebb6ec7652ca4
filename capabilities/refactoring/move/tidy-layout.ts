/**
 * Blank lines where a move removed or inserted top-level statements: the language service leaves two
 * blank lines where a declaration was cut out, a blank first line in a new module, and no blank line
 * before a declaration appended to an existing one. Only the gaps between top-level statements next
 * to the edited lines are touched (never a blank line inside a statement, such as one in a template
 * literal or a function body), so every line away from the edit stays byte for byte. (The blank
 * line before an appended declaration is added in keep-original-text.ts.)
 */
import { ts } from 'ts-morph';
import { scriptKind } from './keep-original-text.js';

const isBlank = (line: string): boolean => line.trim() === '';

export function tidyLayout(before: string, after: string, path: string): string {
  if (before === after) return after;
  const lines = after.split('\n');
  const old = before === '' ? [] : before.split('\n');
  let prefix = 0;
  while (prefix < old.length && prefix < lines.length && old[prefix] === lines[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < lines.length - prefix &&
    old[old.length - 1 - suffix] === lines[lines.length - 1 - suffix]
  )
    suffix += 1;
  // The edited lines, widened to the blank lines around them (a cut leaves blanks on both sides).
  let start = prefix;
  while (start > 0 && isBlank(lines[start - 1]!)) start -= 1;
  let end = lines.length - suffix;
  while (end < lines.length && isBlank(lines[end]!)) end += 1;
  const gap = gapLines(after, path, lines);
  // The file's own habit (some separate declarations by two blank lines); one for a new module.
  const allowed = Math.max(1, longestBlankRun(old));
  const kept: string[] = [];
  let run = 0;
  for (let i = start; i < end; i += 1) {
    const line = lines[i]!;
    if (!isBlank(line) || !gap[i]) {
      run = 0;
      kept.push(line);
      continue;
    }
    // The empty string after the final line break keeps the file's last newline.
    if (i === lines.length - 1) {
      kept.push(line);
      continue;
    }
    run += 1;
    const atTop = kept.length === 0 && start === 0;
    const atBottom = lines.slice(i + 1).every(isBlank);
    if (atTop || atBottom || run > allowed) continue;
    kept.push(line.endsWith('\r') ? '\r' : '');
  }
  return [...lines.slice(0, start), ...kept, ...lines.slice(end)].join('\n');
}

/** Per line: does it lie between top-level statements (not inside one)? */
function gapLines(text: string, path: string, lines: string[]): boolean[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const inside: [number, number][] = file.statements.map((statement) => [statement.getStart(file), statement.end]);
  const gap: boolean[] = [];
  let offset = 0;
  for (const line of lines) {
    gap.push(!inside.some(([from, to]) => offset > from && offset < to));
    offset += line.length + 1;
  }
  return gap;
}

function longestBlankRun(lines: string[]): number {
  let longest = 0;
  let run = 0;
  // The last element is the empty string after the final line break, not a blank line.
  for (const line of lines.slice(0, -1)) {
    run = isBlank(line) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * The service writes "\n" into every file; in a module written with "\r\n" throughout (`like`: its
 * text before the move, or the source's for a new module) the new lines get "\r\n" too.
 */
export function matchLineEnds(text: string, like: string): string {
  const crlf = like.includes('\r\n') && !/(^|[^\r])\n/.test(like);
  return crlf ? text.replace(/\r?\n/g, '\r\n') : text;
}
