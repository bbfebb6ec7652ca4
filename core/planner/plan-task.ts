/**
 * `planTask`: free text -> a plan of capability steps, a clarifying question, or "unsupported". Pure and
 * deterministic: everything it knows comes in through its arguments (the registered metas, the project
 * index, the earlier turns or the previous plan).
 */
import { answeredTasks, chosenOption, firstPlan } from './answer-question.js';
import { planFresh, planningContext } from './plan-fresh.js';
import { knownCapabilities } from './known-capabilities.js';
import { refinePlan } from './refine.js';
import type { PlanOutcome, PlanTaskOptions } from './types.js';

interface State {
  outcome: PlanOutcome;
  /** The task the outcome answers (an answered question's task is the completed one). */
  task: string;
}

type Base = Omit<PlanTaskOptions, 'turns' | 'previousPlan'>;

/** An answer to the last question, when the message is one; null otherwise. */
function answer(state: State, message: string, base: Base): State | null {
  if (state.outcome.kind !== 'question') return null;
  const question = state.outcome;
  const short = message.trim().split(/\s+/).length <= 3;
  const picked = chosenOption(message, question) !== null;
  if (!picked && (!short || planningContext(message, base).intents.length > 0)) return null;
  const tasks = answeredTasks(state.task, question, message);
  const found = firstPlan(tasks, (t) => planFresh(t, base));
  if (!found || (found.kind !== 'plan' && !picked)) return null;
  const task = tasks.find((t) => planFresh(t, base).kind === found.kind) ?? tasks[0]!;
  return { outcome: found, task };
}

/** One turn of the conversation: answer the question, refine the plan, or plan anew. */
function advance(state: State | null, message: string, base: Base): State {
  if (state) {
    const answered = answer(state, message, base);
    if (answered) return answered;
    if (state.outcome.kind === 'plan') {
      const refined = refinePlan(message, { ...base, previousPlan: state.outcome.plan });
      if (refined) return { outcome: refined, task: state.task };
    }
  }
  return { outcome: planFresh(message, base), task: message };
}

export function planTask(task: string, options: PlanTaskOptions): PlanOutcome {
  const { turns, previousPlan, ...given } = options;
  // The planned-but-unbuilt capabilities join the catalogue; finalize-plan shows their steps unavailable.
  const base = { ...given, catalogue: knownCapabilities(given.catalogue, given.planned) };
  let state: State | null = null;
  // Earlier user turns are replayed to recover the last plan or question (the planner keeps no state).
  for (const turn of turns ?? []) {
    if (turn.role === 'user') state = advance(state, turn.message, base);
  }
  // The previous plan is the exact one to refine, unless the last turn left a question open.
  if (previousPlan && state?.outcome.kind !== 'question')
    state = { outcome: { kind: 'plan', plan: previousPlan }, task: state?.task ?? '' };
  return advance(state, task, base).outcome;
}
