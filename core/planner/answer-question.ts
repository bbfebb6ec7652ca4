/**
 * A turn that answers the planner's question: "findUser" (or "yes", "1", "the second") after "did you
 * mean findUser?", "audit security" after "which of these did you mean?", "fetchUser" after "what
 * should getUser be renamed to?". The question is derived again from the task that raised it (the
 * planner is deterministic), so nothing but the turns' text needs to be kept.
 */
import { closeNames } from './fuzzy-words.js';
import type { PlanOutcome, QuestionOutcome } from './types.js';

const YES = /^(y|yes|yeah|yep|sure|ok|okay|correct|right|that one|do it|go ahead)[.!]?$/i;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

function clean(answer: string): string {
  return answer
    .trim()
    .replace(/^(i meant|i mean|use|yes,?|the)\s+/i, '')
    .replace(/^["'`“]|["'`”.!]$/g, '')
    .trim();
}

/** The option an answer picks, if any. */
export function chosenOption(answer: string, question: QuestionOutcome): string | null {
  const { options } = question;
  if (options.length === 0) return null;
  if (YES.test(answer.trim())) return options[0]!;
  const text = clean(answer);
  const number = /^#?(\d+)$/.exec(text);
  if (number) return options[Number(number[1]) - 1] ?? null;
  const ordinal = ORDINALS.findIndex((o) => new RegExp(`^(the\\s+)?${o}(\\s+one)?$`, 'i').test(text));
  if (ordinal >= 0) return options[ordinal] ?? null;
  const exact = options.find((o) => o.toLowerCase() === text.toLowerCase());
  if (exact) return exact;
  const close = closeNames(text, options, 1)[0];
  return close ?? options.find((o) => o.toLowerCase().includes(text.toLowerCase()) && text.length >= 4) ?? null;
}

/**
 * The task the answer turns the original into, tried in order until one plans:
 * the option substituted for the words it replaces, the option on its own (for "which of these"
 * questions), or the original completed by the answer ("... to fetchUser", "... called foo").
 */
export function answeredTasks(original: string, question: QuestionOutcome, answer: string): string[] {
  const chosen = chosenOption(answer, question);
  const replacement = chosen ?? (question.replaces !== undefined && /^\S+$/.test(clean(answer)) ? clean(answer) : null);
  if (replacement !== null && question.replaces !== undefined) {
    const escaped = question.replaces.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [original.replace(new RegExp(`(?<![\\w$./-])${escaped}(?![\\w$])`, 'g'), replacement)];
  }
  if (chosen !== null) return [chosen];
  const text = clean(answer);
  return [`${original} ${text}`, `${original} to ${text}`, `${original} called ${text}`];
}

export function firstPlan(tasks: string[], plan: (task: string) => PlanOutcome): PlanOutcome | null {
  let first: PlanOutcome | null = null;
  for (const task of tasks) {
    const outcome = plan(task);
    if (outcome.kind === 'plan') return outcome;
    first ??= outcome;
  }
  return first;
}
