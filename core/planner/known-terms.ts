/**
 * Words the planner's data knows, read from the registered metas: every intent keyword, vocabulary
 * phrase and phrase of a candidate's `when` (for reading product names written like code: OpenAPI,
 * JSDoc, PostgreSQL), and the one-word keywords of
 * the analysis intents ("quality", "security", "naming", "smells"): in a project with a folder of that
 * name (agentd's own capabilities/analysis/quality), "assess the code quality" still asks for an
 * assessment of the project; the folder is meant only when the task says so ("in quality", "the
 * security folder").
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { intentTable } from './intent-table.js';

export interface PlannerWords {
  known: ReadonlySet<string>;
  intentWords: ReadonlySet<string>;
}

const cache = new WeakMap<CapabilityMeta[], PlannerWords>();

export function plannerWords(catalogue: CapabilityMeta[]): PlannerWords {
  const cached = cache.get(catalogue);
  if (cached) return cached;
  const table = intentTable(catalogue);
  const phrases = [
    ...table.flatMap((i) => i.keywords.map(([p]) => p)),
    ...table.flatMap((i) => i.candidates.flatMap((c) => [...(c.when?.any ?? []), ...(c.when?.none ?? [])])),
    ...catalogue.flatMap((m) =>
      (m.planning?.fields ?? []).flatMap((f) => ('vocabulary' in f ? f.vocabulary.flatMap((v) => v.phrases) : [])),
    ),
  ];
  const known = new Set(phrases.flatMap((p) => p.split(' ')).map((w) => w.replace(/!$/, '')));
  const intentWords = new Set(
    table
      .filter((intent) => intent.family === 'analysis')
      .flatMap((intent) => intent.keywords.map(([phrase]) => phrase.replace(/!$/, '')))
      .filter((phrase) => !phrase.includes(' '))
      .flatMap((word) => [word, `${word}s`]),
  );
  const words = { known, intentWords };
  cache.set(catalogue, words);
  return words;
}
