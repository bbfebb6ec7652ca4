/**
 * What makes a normalised match a renamed (type-2) clone rather than a coincidence: the identifiers of
 * one side map one-to-one onto the other's (a consistent renaming, as CCFinder's parameterised
 * matching requires), so `a + a` never matches `x + y`. A clone is cut at the first inconsistency.
 */
import { TOKEN_KIND, type TokenStream } from './tokenize.js';

/** How many tokens from the starts are consistently renamed (at most `length`). */
export function consistentLength(a: TokenStream, aStart: number, b: TokenStream, bStart: number, length: number): number {
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  for (let k = 0; k < length; k++) {
    if (a.kinds[aStart + k] !== TOKEN_KIND.identifier) continue;
    const left = a.texts[aStart + k]!;
    const right = b.texts[bStart + k]!;
    const mapped = forward.get(left);
    const reverse = backward.get(right);
    if ((mapped !== undefined && mapped !== right) || (reverse !== undefined && reverse !== left)) return k;
    forward.set(left, right);
    backward.set(right, left);
  }
  return length;
}

/** True when every token of the two ranges is textually the same: an exact clone. */
export function identical(a: TokenStream, aStart: number, b: TokenStream, bStart: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a.texts[aStart + k] !== b.texts[bStart + k]) return false;
  return true;
}
