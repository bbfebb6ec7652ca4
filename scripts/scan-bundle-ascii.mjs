/**
 * The scan bundle in ASCII. One character outside ASCII makes V8 hold the whole 1.6 MB script as a
 * two-byte string: decoding it and joining it into the loader's wrapper (cli/commands/code-cache.ts)
 * took ~27 ms of every scan's start on a 2-core machine, against ~6 ms for the one-byte string. esbuild
 * escapes such characters in code (its default charset) but copies comments as they are, so they are
 * escaped here, inside comments found by syntax (tree-sitter), and the build fails if one is left
 * anywhere else.
 */
import { isAscii } from 'node:buffer';
import Parser from 'tree-sitter';
import JavaScript from 'tree-sitter-javascript';

// Any code unit above 0x7f (a character class from 0x00 would need a control character in the pattern).
const NON_ASCII = /[\u0080-\uffff]/;
const EVERY_NON_ASCII = new RegExp(NON_ASCII.source, 'g');
const escape = (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function asciiOnly(text) {
  if (isAscii(Buffer.from(text, 'utf8'))) return text;
  const parser = new Parser();
  parser.setLanguage(JavaScript);
  // The binding takes at most 16 KB from a callback at a time; its indexes are the string's.
  const tree = parser.parse((index) => text.slice(index, index + 16_384));
  let out = '';
  let at = 0;
  for (const comment of tree.rootNode.descendantsOfType('comment')) {
    const body = text.slice(comment.startIndex, comment.endIndex);
    if (!NON_ASCII.test(body)) continue;
    out += text.slice(at, comment.startIndex) + body.replace(EVERY_NON_ASCII, escape);
    at = comment.endIndex;
  }
  out += text.slice(at);
  const left = out.search(NON_ASCII);
  if (left !== -1)
    throw new Error(`bundle-scan: a character outside ASCII in code, not a comment: ${JSON.stringify(out.slice(left - 40, left + 40))}`);
  return out;
}
