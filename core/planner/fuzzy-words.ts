/**
 * Typo-tolerant word matching: optimal-string-alignment distance (a swapped pair of letters is one
 * edit, so "secuirty" and "renmae" are one typo away), a light stemmer, and a budget that grows with
 * the word's length so short words must match exactly.
 */
import { closeMatches, editDistance } from '../fuzzy/index.js';

/** Levenshtein distance with adjacent transpositions counted as one edit (exact; for short words). */
export function typoDistance(a: string, b: string): number {
  return editDistance(a, b, undefined, { transpositions: true });
}

/** Edits a word of this length may carry and still count as the keyword (short words: none). */
export function typoBudget(length: number): number {
  if (length <= 4) return 0;
  if (length <= 7) return 1;
  return 2;
}

const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ed', 'es', 's'];

/**
 * The word and its plausible stems ("refactoring" -> "refactor", "types" -> "type", "modernizing" ->
 * "modernize"): every suffix strip is kept because guessing the one right stem needs a dictionary.
 */
export function variants(word: string): string[] {
  const out = new Set([word]);
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length < 3 || !word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    out.add(suffix === 'ies' ? `${base}y` : base);
    if (suffix !== 's' && suffix !== 'ies') out.add(`${base}e`);
  }
  return [...out];
}

/**
 * How well `word` matches `keyword`: 1 for the same word or stem, 0.8 for a typo within budget, 0 otherwise.
 * Both are lower case.
 */
export function wordMatch(word: string, keyword: string): number {
  if (word === keyword) return 1;
  const wv = variants(word);
  const kv = variants(keyword);
  if (wv.some((w) => kv.includes(w))) return 1;
  // Typos rarely hit the first letter; requiring it keeps "production" from reading as "reproduction".
  if (word[0] !== keyword[0]) return 0;
  const length = Math.min(word.length, keyword.length);
  if (length === 4 && word.length === 4 && keyword.length === 4) return isSwap(word, keyword) ? 0.8 : 0;
  const budget = typoBudget(length);
  if (budget === 0 || Math.abs(word.length - keyword.length) > budget) return 0;
  return editDistance(word, keyword, budget, { transpositions: true }) <= budget ? 0.8 : 0;
}

/** Two adjacent letters swapped ("lnit" for "lint"): the one typo short words may carry. */
function isSwap(a: string, b: string): boolean {
  const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
}

/** The closest of `candidates` within a typo budget of the wanted name's length (case-insensitive), ranked. */
export function closeNames(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  return closeMatches(wanted, candidates, limit, {
    budget: (length) => Math.max(1, Math.floor(length / 4)),
    ignoreCase: true,
    transpositions: true,
  });
}
