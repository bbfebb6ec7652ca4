/** What may be a new name: a valid ECMAScript identifier that is not a reserved word (strict-mode module code). */
import { ts } from 'ts-morph';
import { closeMatches } from '../../../core/index.js';

// Reserved in strict-mode module code (where `await`, `yield`, `let`, `static`... are also unusable as names).
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with implements interface let package private ' +
    'protected public static yield await arguments eval undefined'
  ).split(' '),
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
  return closeMatches(name, known, 3, { ignoreCase: true });
}
