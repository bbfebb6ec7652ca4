/**
 * Edit distance with a ceiling. Suggestions only ever want "is it within k edits?", so the table is
 * filled in a band of width 2k+1 around its diagonal and abandoned as soon as a whole row exceeds k:
 * O(k × length) instead of O(length²). An unbounded distance on client text was a denial of service
 * (a 900,000-character capability name cost ~2.5 s of CPU per request).
 */

export interface DistanceOptions {
  /** Count two swapped adjacent characters as one edit (optimal string alignment); default false. */
  transpositions?: boolean;
}

/**
 * The Levenshtein distance between `a` and `b` when it is at most `max`, otherwise `max + 1`.
 * With `max` omitted the exact distance is returned (for short strings only).
 */
export function editDistance(a: string, b: string, max = Math.max(a.length, b.length), options: DistanceOptions = {}): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length > b.length) return editDistance(b, a, max, options);
  const width = b.length + 1;
  const outside = max + 1;
  let before = new Int32Array(width).fill(outside);
  let previous = new Int32Array(width).fill(outside);
  let current = new Int32Array(width).fill(outside);
  for (let j = 0; j <= Math.min(b.length, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    // Only the cells just outside the band are read by the next row: reset those, not the whole row.
    current[from - 1] = from === 1 && i <= max ? i : outside;
    if (to < b.length) current[to + 1] = outside;
    let rowMin = current[from - 1]!;
    for (let j = from; j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (options.transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, before[j - 2]! + 1);
      current[j] = Math.min(best, outside);
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return outside;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, outside);
}
