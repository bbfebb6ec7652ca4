/**
 * Scores every intent of the table (read from the registered metas, intent-table.ts) against a task's plain words and picks the ones the task asks for:
 * the best-scoring intent, plus any other whose own evidence (words no already-picked intent used)
 * is strong on its own ("audit security and performance" -> two intents; "component tests" -> one).
 */
import { wordMatch } from './fuzzy-words.js';
import type { IntentFamily, PhraseCondition } from '../contracts/index.js';
import type { IntentDef } from './intent-table.js';
import { isStopword } from './task-text.js';

export interface KeywordHit {
  weight: number;
  positions: number[];
}

export interface IntentMatch {
  intent: IntentDef;
  score: number;
  hits: KeywordHit[];
  /** Position of the earliest word that matched (orders multi-intent plans as the task does). */
  first: number;
}

/** Smallest score that makes an intent the task's main intent. */
export const PRIMARY_SCORE = 1.5;
/** Smallest score of a further intent's own words. */
export const SECONDARY_SCORE = 2.5;

export function matchPhrase(words: string[], phrase: string): { quality: number; positions: number[] } | null {
  const parts = phrase.split(' ').filter((p) => !isStopword(p.replace(/!$/, '')));
  if (parts.length === 0) return null;
  let best: { quality: number; positions: number[] } | null = null;
  for (let i = 0; i + parts.length <= words.length; i++) {
    let quality = 1;
    for (let j = 0; j < parts.length && quality > 0; j++) {
      const part = parts[j]!;
      const exact = part.endsWith('!');
      const keyword = exact ? part.slice(0, -1) : part;
      const q = exact ? (words[i + j] === keyword || words[i + j] === `${keyword}s` ? 1 : 0) : wordMatch(words[i + j]!, keyword);
      quality = Math.min(quality, q);
    }
    if (quality > 0 && (!best || quality > best.quality)) best = { quality, positions: parts.map((_, j) => i + j) };
  }
  return best;
}

/** Every intent with a positive score, best first (ties keep table order). Words: lower case, stop words removed. */
export function scoreIntents(words: string[], intents: readonly IntentDef[]): IntentMatch[] {
  const matches: IntentMatch[] = [];
  for (const intent of intents) {
    const hits: KeywordHit[] = [];
    for (const [phrase, weight] of intent.keywords) {
      const found = matchPhrase(words, phrase);
      if (!found) continue;
      // "fixture" and "fixtures" both match "fixtures": the same words count once, at the best weight.
      const same = hits.find((h) => h.positions.join() === found.positions.join());
      if (same) same.weight = Math.max(same.weight, weight * found.quality);
      else hits.push({ weight: weight * found.quality, positions: found.positions });
    }
    if (hits.length === 0) continue;
    const score = hits.reduce((sum, h) => sum + h.weight, 0);
    matches.push({ intent, score, hits, first: Math.min(...hits.flatMap((h) => h.positions)) });
  }
  return matches.sort((a, b) => b.score - a.score);
}

/** Families that combine in one plan: analyses with refactorings, tests with docs, debugging with itself, generation with itself. */
const COMBINABLE: IntentFamily[][] = [['analysis', 'refactoring', 'verify'], ['testing', 'documentation'], ['debugging'], ['generation']];

function compatible(a: IntentFamily, b: IntentFamily): boolean {
  return COMBINABLE.some((group) => group.includes(a) && group.includes(b));
}

/** The intents a task asks for, in the order the task names them; empty when nothing is strong enough. */
export function selectIntents(matches: IntentMatch[]): IntentMatch[] {
  const [primary] = matches;
  if (!primary || primary.score < PRIMARY_SCORE) return [];
  const chosen = [primary];
  const used = new Set(primary.hits.flatMap((h) => h.positions));
  for (const candidate of matches.slice(1)) {
    if (!compatible(primary.intent.family, candidate.intent.family)) continue;
    const own = candidate.hits.filter((h) => h.positions.every((p) => !used.has(p)));
    const score = own.reduce((sum, h) => sum + h.weight, 0);
    if (score < SECONDARY_SCORE) continue;
    chosen.push({ ...candidate, score, hits: own, first: Math.min(...own.flatMap((h) => h.positions)) });
    for (const h of own) h.positions.forEach((p) => used.add(p));
  }
  return chosen.sort((a, b) => a.first - b.first);
}

/** Words for scoring: stop words dropped so phrases match across "the", "of", "my". */
export function scoringWords(words: string[]): string[] {
  return words.filter((w) => !isStopword(w));
}

/** True when the phrase occurs in the words (typo-tolerant). */
export function hasPhrase(words: string[], phrase: string): boolean {
  return matchPhrase(words, phrase) !== null;
}

/** True when the words satisfy a planning condition: one of `any` occurs (when given) and none of `none`. */
export function conditionHolds(words: string[], condition: PhraseCondition): boolean {
  if (condition.any && !condition.any.some((p) => hasPhrase(words, p))) return false;
  return !(condition.none ?? []).some((p) => hasPhrase(words, p));
}
