/**
 * "Did you mean ...?" for names people type: capability ids, check names, config keys, symbols and
 * files named in a task. Only short names get suggestions (a typo of an id is an id's length), and
 * each comparison is bounded by the budget (edit-distance.ts), so a huge name is answered at once.
 */
import { editDistance, type DistanceOptions } from './edit-distance.js';

/** Names longer than this get no suggestion: nobody mistypes a 200-character identifier. */
export const MAX_SUGGESTIBLE_LENGTH = 128;

export interface CloseOptions extends DistanceOptions {
  /** Edits allowed for a name of this length (default: a third of it, at least 2). */
  budget?: (length: number) => number;
  /** Compare lower-cased (default false). */
  ignoreCase?: boolean;
}

const DEFAULT_BUDGET = (length: number): number => Math.max(2, Math.floor(length / 3));

/** The candidates within the budget, closest first (ties by name), at most `limit`. */
export function closeMatches(wanted: string, candidates: Iterable<string>, limit = 3, options: CloseOptions = {}): string[] {
  if (wanted.length === 0 || wanted.length > MAX_SUGGESTIBLE_LENGTH) return [];
  const budget = (options.budget ?? DEFAULT_BUDGET)(wanted.length);
  const key = options.ignoreCase ? wanted.toLowerCase() : wanted;
  const scored: { name: string; distance: number }[] = [];
  for (const name of new Set(candidates)) {
    if (name.length > MAX_SUGGESTIBLE_LENGTH + budget) continue;
    const distance = editDistance(key, options.ignoreCase ? name.toLowerCase() : name, budget, options);
    if (distance <= budget) scored.push({ name, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit).map((entry) => entry.name);
}

/** The closest candidate when it is a plausible typo (within a third of the name, min 2 edits). */
export function closestMatch(wanted: string, candidates: Iterable<string>, options: CloseOptions = {}): string | undefined {
  return closeMatches(wanted, candidates, 1, options)[0];
}
