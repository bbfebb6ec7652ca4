/**
 * The intents table, read from the registered metas' `planning.intents` (no table of its own): each
 * intent's keywords, family and the capabilities that serve it in preference order. A capability
 * without planning data is in no intent; capabilities that declare the same intent id share it.
 */
import type { CapabilityMeta, IntentFamily, PhraseCondition, PlanningIntent } from '../contracts/index.js';

export interface IntentCandidate {
  meta: CapabilityMeta;
  rank: number;
  when?: PhraseCondition;
}

export interface IntentDef {
  id: string;
  family: IntentFamily;
  label: string;
  keywords: [phrase: string, weight: number][];
  /** The capabilities serving it, best first (rank, then registry order). */
  candidates: IntentCandidate[];
  exclusive: boolean;
  needsSubject?: string[];
  yieldsTo: NonNullable<PlanningIntent['yieldsTo']>;
  offered?: NonNullable<PlanningIntent['offered']>;
}

/** "security,secret=2.5,smell!=3.5" -> [["security", 3], ["secret", 2.5], ["smell!", 3.5]]. */
export function parseKeywords(spec: string): [string, number][] {
  return spec.split(',').map((entry) => {
    const [phrase, weight] = entry.split('=');
    return [phrase!.trim(), Number(weight ?? 3)];
  });
}

const tables = new WeakMap<CapabilityMeta[], IntentDef[]>();

/** The intents of the registered capabilities (cached per catalogue array). */
export function intentTable(catalogue: CapabilityMeta[]): IntentDef[] {
  const cached = tables.get(catalogue);
  if (cached) return cached;
  const byId = new Map<string, IntentDef>();
  for (const meta of catalogue) {
    for (const declared of meta.planning?.intents ?? []) {
      let intent = byId.get(declared.id);
      if (!intent) {
        intent = {
          id: declared.id,
          family: declared.family ?? meta.group,
          label: declared.label,
          keywords: [],
          candidates: [],
          exclusive: false,
          yieldsTo: [],
        };
        byId.set(declared.id, intent);
      }
      const rank = declared.rank ?? 0;
      const candidate: IntentCandidate = { meta, rank, ...(declared.when ? { when: declared.when } : {}) };
      intent.candidates.push(candidate);
      intent.candidates.sort((a, b) => a.rank - b.rank);
      // The best-ranked declaration names the intent; every declaration's keywords count.
      if (intent.candidates[0] === candidate) intent.label = declared.label;
      for (const keyword of parseKeywords(declared.keywords))
        if (!intent.keywords.some(([p]) => p === keyword[0])) intent.keywords.push(keyword);
      intent.exclusive ||= declared.exclusive === true;
      if (declared.needsSubject) intent.needsSubject = [...(intent.needsSubject ?? []), ...declared.needsSubject];
      intent.yieldsTo.push(...(declared.yieldsTo ?? []));
      if (declared.offered && !intent.offered) intent.offered = declared.offered;
    }
  }
  const table = [...byId.values()];
  tables.set(catalogue, table);
  return table;
}

/** The metas of the catalogue that play a role, in registry order. */
export function withRole(catalogue: CapabilityMeta[], role: string): CapabilityMeta[] {
  return catalogue.filter((m) => (m.planning?.roles as string[] | undefined)?.includes(role));
}

export function metaOf(catalogue: CapabilityMeta[], id: string): CapabilityMeta | undefined {
  return catalogue.find((m) => m.id === id);
}
