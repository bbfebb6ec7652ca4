/**
 * Finding catalogue entries in an error text. Every entry whose pattern matches is a candidate; a
 * candidate whose match lies strictly inside another candidate's match is dropped (the longer,
 * more specific wording wins: "Cannot find name 'x'. Did you mean 'y'?" over "Cannot find name 'x'"),
 * and a code the text carries exactly (`TS2339`, `ERR_REQUIRE_ESM`, `ENOENT`) ranks its entry first.
 * Several errors in one text (tsc output) give several matches, in the order they appear.
 */
import { ERROR_CATALOGUE } from './catalogue/index.js';
import type { ErrorEntry } from './entry.js';

export interface ErrorMatch {
  entry: ErrorEntry;
  /** Offset of the match in the text. */
  index: number;
  /** The matched text and the pattern's capture groups (the names the message quotes). */
  text: string;
  groups: string[];
  /** True when the text carries the entry's code exactly. */
  byCode: boolean;
}

const compiled = new Map<string, RegExp>();
function regexOf(entry: ErrorEntry): RegExp {
  let re = compiled.get(entry.id);
  if (!re) {
    re = new RegExp(entry.pattern, 'g');
    compiled.set(entry.id, re);
  }
  re.lastIndex = 0;
  return re;
}

function hasCode(text: string, code: string): number {
  const m = new RegExp(`(?<![\\w])${code}(?![\\w])`).exec(text);
  return m ? m.index : -1;
}

/** Every occurrence of every entry in `text`, overlapping less specific ones removed, in text order. */
/**
 * Error messages are short lines: longer lines (minified code, data dumps) are cut and very long texts
 * are read up to a number of lines, which bounds every pattern's work (a message pattern on a
 * 200,000-character line is quadratic at worst).
 */
export const MAX_LINE = 2000;
export const MAX_LINES = 5000;

export function matchErrors(input: string, catalogue: readonly ErrorEntry[] = ERROR_CATALOGUE): ErrorMatch[] {
  const text = input
    .split('\n', MAX_LINES)
    .map((l) => (l.length > MAX_LINE ? l.slice(0, MAX_LINE) : l))
    .join('\n');
  const found: ErrorMatch[] = [];
  for (const entry of catalogue) {
    const codeAt = entry.code ? hasCode(text, entry.code) : -1;
    const re = regexOf(entry);
    let m: RegExpExecArray | null;
    let matched = false;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      matched = true;
      found.push({ entry, index: m.index, text: m[0], groups: m.slice(1).map((g) => g ?? ''), byCode: codeAt >= 0 });
    }
    if (!matched && codeAt >= 0) found.push({ entry, index: codeAt, text: entry.code!, groups: [], byCode: true });
  }
  // A code-carrying match hides message-only matches of other entries on the same line (the code is definitive).
  const codeLines = new Set(found.filter((f) => f.byCode).map((f) => lineOf(text, f.index)));
  const kept = found.filter(
    (f) => f.byCode || !codeLines.has(lineOf(text, f.index)) || !found.some((o) => o.byCode && o !== f && overlaps(o, f, text)),
  );
  const specific = kept.filter((f) => !kept.some((o) => o !== f && contains(o, f) && (o.byCode || !f.byCode)));
  const seen = new Set<string>();
  return specific
    .sort((a, b) => a.index - b.index || Number(b.byCode) - Number(a.byCode) || b.text.length - a.text.length)
    .filter((f) => {
      const key = `${f.entry.id}\0${f.groups.join('\0')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The best single explanation of `text`: a code-carrying match first, then the longest, then the first. */
export function bestMatch(text: string, catalogue: readonly ErrorEntry[] = ERROR_CATALOGUE): ErrorMatch | null {
  const all = matchErrors(text, catalogue);
  if (all.length === 0) return null;
  return [...all].sort((a, b) => Number(b.byCode) - Number(a.byCode) || b.text.length - a.text.length || a.index - b.index)[0]!;
}

function lineOf(text: string, index: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function overlaps(a: ErrorMatch, b: ErrorMatch, text: string): boolean {
  return lineOf(text, a.index) === lineOf(text, b.index) && a.entry.id !== b.entry.id;
}

/** `outer` covers `inner` and is longer (equal spans: neither hides the other). */
function contains(outer: ErrorMatch, inner: ErrorMatch): boolean {
  return (
    outer.index <= inner.index &&
    outer.index + outer.text.length >= inner.index + inner.text.length &&
    outer.text.length > inner.text.length
  );
}
