/**
 * What makes a normalised match a renamed (type-2) clone rather than a coincidence: the identifiers of
 * one side map one-to-one onto the other's (a consistent renaming, as CCFinder's parameterised
 * matching requires), so `a + a` never matches `x + y`. A clone is cut at the first inconsistency.
 */
import { TOKEN_KIND, type TokenStream } from './tokenize.js';

/**
 * How many tokens from the starts are consistently renamed (at most `length`). Identifiers are compared
 * by their per-stream text ids: one id per distinct text, so a one-to-one mapping of ids is one of texts.
 */
export function consistentLength(a: TokenStream, aStart: number, b: TokenStream, bStart: number, length: number): number {
  const forward = new Map<number, number>();
  const backward = new Map<number, number>();
  const kinds = a.kinds;
  const aIds = a.ids;
  const bIds = b.ids;
  for (let k = 0; k < length; k++) {
    if (kinds[aStart + k] !== TOKEN_KIND.identifier) continue;
    const left = aIds[aStart + k]!;
    const right = bIds[bStart + k]!;
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
  if (a === b) {
    // One stream: equal ids are equal texts.
    for (let k = 0; k < length; k++) if (a.ids[aStart + k] !== a.ids[bStart + k]) return false;
    return true;
  }
  for (let k = 0; k < length; k++) if (a.texts[a.ids[aStart + k]!] !== b.texts[b.ids[bStart + k]!]) return false;
  return true;
}
