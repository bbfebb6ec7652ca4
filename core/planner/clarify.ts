/**
 * When no intent is strong enough: a vague task ("make it better", "do stuff") gets a question with
 * the options the planner understood; a task outside the catalogue ("deploy to AWS") is told so, with
 * what agentd can do.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { CAPABILITY_GROUPS } from '../contracts/index.js';
import { intentTable } from './intent-table.js';
import { isUnbuilt } from './known-capabilities.js';
import { hasPhrase } from './recognise-intents.js';
import type { PlanOutcome } from './types.js';

const VAGUE = [
  'better',
  'improve',
  'improvement',
  'good',
  'nicer',
  'cleaner',
  'stuff',
  'thing',
  'things',
  'something',
  'anything',
  'help',
  'work',
  'fix',
  'look',
  'enhance',
  'polish',
  'magic',
  'do',
];
const BUILD = ['build', 'implement', 'develop', 'create', 'add', 'generate', 'write'];

/** The labels of the intents offered for a vague (`vague`) or an unclear build (`build`) task, in their order. */
function offered(catalogue: CapabilityMeta[], when: 'vague' | 'build'): string[] {
  return intentTable(catalogue)
    .filter((i) => i.offered?.when === when)
    .sort((a, b) => a.offered!.order - b.offered!.order)
    .map((i) => i.label);
}

function buildOptions(catalogue: CapabilityMeta[]): string[] {
  const generation = intentTable(catalogue)
    .filter((i) => i.family === 'generation')
    .map((i) => i.label);
  return generation.length > 0 ? [...generation.slice(0, 4), ...offered(catalogue, 'build')] : [];
}

/** Options carry the place the task named, so an answer plans for that place. */
function withPlace(options: string[], place: string | null): string[] {
  return place ? options.map((o) => `${o} in ${place}`) : options;
}

export function clarify(task: string, words: string[], catalogue: CapabilityMeta[], place: string | null): PlanOutcome {
  const improve = offered(catalogue, 'vague');
  const unplanned = unplannedNamed(task, words, catalogue);
  if (unplanned) return unplanned;
  if (words.length === 0 && task.trim().length === 0) {
    return {
      kind: 'question',
      message: 'What should I do? For example: audit security, assess quality, rename getUser to fetchUser.',
      options: improve,
    };
  }
  if (BUILD.some((w) => words.includes(w))) {
    const options = buildOptions(catalogue);
    // No generation capability is registered: building is outside what agentd can do today.
    if (options.length === 0) return unsupported(task, catalogue);
    return { kind: 'question', message: `I understood that you want something built, but not what; which of these did you mean?`, options };
  }
  if (VAGUE.some((w) => hasPhrase(words, w)) || place !== null) {
    const where = place ? ` ${place}` : ' the project';
    return {
      kind: 'question',
      message: `"${task.trim()}" can mean several things for${where}; which of these did you mean?`,
      options: withPlace(improve, place),
    };
  }
  return unsupported(task, catalogue);
}

/**
 * A task naming a registered capability that declares no planning data (by its id, or every word of its
 * title): it is runnable by id, but the planner does not know how to plan it — said so, never a crash.
 */
function unplannedNamed(task: string, words: string[], catalogue: CapabilityMeta[]): PlanOutcome | null {
  const lower = task.toLowerCase();
  const named = catalogue.filter(
    (m) =>
      !m.planning &&
      !isUnbuilt(m) &&
      (lower.includes(m.id) ||
        m.title
          .toLowerCase()
          .split(/\W+/)
          .filter((w) => w.length > 2)
          .every((w) => words.some((x) => x === w || x === `${w}s`))),
  );
  if (named.length === 0) return null;
  const list = named.map((m) => `${m.id} (${m.title})`).join(', ');
  return {
    kind: 'unsupported',
    message: `${list} is registered but declares no planning data, so the planner does not know how to plan it; run it by id (a job with {"capability": "${named[0]!.id}"}).`,
    capabilities: capabilityList(catalogue),
  };
}

const capabilityList = (catalogue: CapabilityMeta[]): { id: string; title: string }[] =>
  catalogue
    .filter((m) => !isUnbuilt(m))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((m) => ({ id: m.id, title: m.title }));

/** Every intent of the task gave no step (what it needs is not registered): the notes say why. */
export function nothingToPlan(task: string, catalogue: CapabilityMeta[], notes: string[]): PlanOutcome {
  const base = unsupported(task, catalogue);
  return notes.length > 0 && base.kind === 'unsupported' ? { ...base, message: `${notes.join(' ')} ${base.message}` } : base;
}

const GROUP_WORDS: Record<string, string> = {
  analysis: 'analyse code',
  refactoring: 'refactor it',
  generation: 'generate code',
  testing: 'test it',
  documentation: 'document it',
  debugging: 'debug it',
};

export function unsupported(task: string, catalogue: CapabilityMeta[]): PlanOutcome {
  // What it can do: the intents of the registered metas, per group; a group with none is "not built yet".
  const table = intentTable(catalogue);
  const built = CAPABILITY_GROUPS.filter((g) => table.some((i) => i.candidates.some((c) => c.meta.group === g && !isUnbuilt(c.meta))));
  const planned = CAPABILITY_GROUPS.filter((g) => !built.includes(g));
  const can = built
    .map(
      (g) =>
        `${GROUP_WORDS[g]} (${[...new Set(table.filter((i) => i.candidates[0]!.meta.group === g && !isUnbuilt(i.candidates[0]!.meta)).map((i) => i.label))].join(', ')})`,
    )
    .join('; ');
  const later = planned.length > 0 ? ` Not built yet: ${planned.join(', ')}.` : '';
  const capabilities = capabilityList(catalogue);
  return {
    kind: 'unsupported',
    message: `agentd cannot do "${task.trim()}": it is outside agentd's capabilities. It can ${can}.${later}`,
    capabilities,
  };
}

const OUTSIDE = [
  'deploy',
  'publish',
  'release',
  'email',
  'mail',
  'pizza',
  'kubernetes',
  'docker',
  'aws',
  'azure',
  'gcp',
  'commit',
  'push',
  'merge',
  'tweet',
  'slack',
];

/** Parts of a planned task that agentd cannot do ("... and deploy it"), said plainly rather than dropped silently. */
export function outsideNotes(words: string[]): string[] {
  return OUTSIDE.filter((w) => words.includes(w)).map((w) => `"${w}" is outside agentd's capabilities and is not part of the plan.`);
}
