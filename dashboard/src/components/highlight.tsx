/**
 * Light syntax highlighting of one diff line for the C-family languages agentd works on (JS, TS, JSON,
 * CSS): comments, strings, numbers and keywords as spans of text (never HTML). Line by line, so a
 * comment or template string spanning lines is only coloured where its markers are; the diff's colours
 * stay the main signal.
 */
import type { ComponentChildren } from 'preact';

const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for from function get if implements import in instanceof interface let new null of private protected public readonly ' +
    'return set static super switch this throw true try type typeof undefined var void while with yield'
  ).split(' '),
);

const LANGUAGES = /\.(?:[cm]?[jt]sx?|json|css|scss|less)$/i;

export const highlightable = (path: string): boolean => LANGUAGES.test(path);

// One alternative per token kind; the first that matches at the position wins.
const TOKEN =
  /(\/\/.*$|\/\*.*?(?:\*\/|$)|^\s*\*.*$)|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?)|(\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?n?\b|\b0x[\da-f]+\b)|([A-Za-z_$][\w$]*)/gi;

export function highlight(text: string): ComponentChildren {
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, comment, string, number, word] = match;
    const kind = comment ? 'com' : string ? 'str' : number ? 'num' : word && KEYWORDS.has(word) ? 'kw' : null;
    if (!kind) continue;
    if (match.index > last) out.push(text.slice(last, match.index));
    out.push(<span class={`tok-${kind}`}>{whole}</span>);
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
