/**
 * When no intent is strong enough: a vague task ("make it better", "do stuff") gets a question with
 * the options the planner understood; a task outside the catalogue ("deploy to AWS") is told so, with
 * what agentd can do.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { CATALOGUE } from './catalogue.js';
import { hasPhrase } from './recognise-intents.js';
import type { PlanOutcome } from './types.js';

const VAGUE = ['better', 'improve', 'improvement', 'good', 'nicer', 'cleaner', 'stuff', 'thing', 'things', 'something', 'anything', 'help', 'work', 'fix', 'look', 'enhance', 'polish', 'magic', 'do'];
const BUILD = ['build', 'implement', 'develop', 'create', 'add', 'generate', 'write'];

const IMPROVE_OPTIONS = ['assess code quality', 'suggest refactorings', 'simplify the code', 'audit security', 'find performance problems'];
const BUILD_OPTIONS = ['generate a component', 'add a REST endpoint', 'generate a CRUD resource', 'generate a database schema', 'write unit tests', 'write a README'];

/** Options carry the place the task named, so an answer plans for that place. */
function withPlace(options: string[], place: string | null): string[] {
  return place ? options.map((o) => `${o} in ${place}`) : options;
}

export function clarify(task: string, words: string[], catalogue: CapabilityMeta[], place: string | null): PlanOutcome {
  if (words.length === 0 && task.trim().length === 0) {
    return { kind: 'question', message: 'What should I do? For example: audit security, assess quality, rename getUser to fetchUser.', options: IMPROVE_OPTIONS };
  }
  if (BUILD.some((w) => words.includes(w))) {
    return { kind: 'question', message: `I understood that you want something built, but not what; which of these did you mean?`, options: BUILD_OPTIONS };
  }
  if (VAGUE.some((w) => hasPhrase(words, w)) || place !== null) {
    const where = place ? ` ${place}` : ' the project';
    return { kind: 'question', message: `"${task.trim()}" can mean several things for${where}; which of these did you mean?`, options: withPlace(IMPROVE_OPTIONS, place) };
  }
  return unsupported(task, catalogue);
}

const GROUP_WORDS: Record<string, string> = {
  analysis: 'analyse code (security, quality, performance, complexity, smells, duplication, naming, structure, dependencies, lint)',
  refactoring: 'refactor it (rename, move, extract a function, modernise, simplify, dedupe, suggest, verify with the tests)',
  generation: 'generate code (components, routes, schemas, ...)',
  testing: 'write and run tests',
  documentation: 'write documentation',
  debugging: 'diagnose, explain and fix errors',
};

export function unsupported(task: string, catalogue: CapabilityMeta[]): PlanOutcome {
  const registered = new Set(catalogue.map((m) => m.id));
  const groups = [...new Set(CATALOGUE.map((c) => c.group))];
  const built = groups.filter((g) => CATALOGUE.some((c) => c.group === g && registered.has(c.id)));
  const planned = groups.filter((g) => !built.includes(g));
  const can = built.map((g) => GROUP_WORDS[g]).join('; ');
  const later = planned.length > 0 ? ` Not built yet: ${planned.join(', ')}.` : '';
  const capabilities = [...catalogue].sort((a, b) => (a.id < b.id ? -1 : 1)).map((m) => ({ id: m.id, title: m.title }));
  return { kind: 'unsupported', message: `agentd cannot do "${task.trim()}": it is outside agentd's capabilities. It can ${can}.${later}`, capabilities };
}

const OUTSIDE = ['deploy', 'publish', 'release', 'email', 'mail', 'pizza', 'kubernetes', 'docker', 'aws', 'azure', 'gcp', 'commit', 'push', 'merge', 'tweet', 'slack'];

/** Parts of a planned task that agentd cannot do ("... and deploy it"), said plainly rather than dropped silently. */
export function outsideNotes(words: string[]): string[] {
  return OUTSIDE.filter((w) => words.includes(w)).map((w) => `"${w}" is outside agentd's capabilities and is not part of the plan.`);
}
