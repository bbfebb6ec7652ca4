/** What may be a new name: a valid ECMAScript identifier that is not a reserved word (strict-mode module code). */
import { ts } from 'ts-morph';

// Reserved in strict-mode module code (where `await`, `yield`, `let`, `static`... are also unusable as names).
const RESERVED = new Set(
  ('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with implements interface let package private ' +
    'protected public static yield await arguments eval undefined').split(' '),
);

export function invalidIdentifierReason(name: string): string | null {
  if (!isIdentifierText(name)) return 'it is not a valid identifier';
  if (RESERVED.has(name)) return 'it is a reserved word';
  return null;
}

function isIdentifierText(name: string): boolean {
  const chars = [...name].map((char) => char.codePointAt(0)!);
  if (chars.length === 0 || !ts.isIdentifierStart(chars[0]!, ts.ScriptTarget.ESNext)) return false;
  return chars.every((code) => ts.isIdentifierPart(code, ts.ScriptTarget.ESNext));
}

/** Up to three names close to `name` (edit distance), for "did you mean". */
export function closeNames(name: string, known: Iterable<string>): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored: [string, number][] = [];
  for (const candidate of new Set(known)) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit) scored.push([candidate, distance]);
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([candidate]) => candidate);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
