/** "Did you mean ...?" suggestions for mistyped capability ids, by Levenshtein distance. */

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest candidate, when it is close enough to be a plausible typo (at most a third of the id, min 2). */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | undefined {
  const budget = Math.max(2, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= budget ? best : undefined;
}
