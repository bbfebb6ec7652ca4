/** What every step builder reads about the task, and the draft steps and questions it answers with. */
import type { CapabilityMeta } from '../contracts/index.js';
import type { PastedError } from './error-text.js';
import type { Mention } from './extract-scope.js';
import type { IntentDef } from './intent-table.js';
import type { PlannerWords } from './known-terms.js';
import type { IntentMatch } from './recognise-intents.js';
import type { Token } from './task-text.js';
import type { ProjectIndex, QuestionOutcome } from './types.js';

export interface PlanContext {
  /** The task without a pasted error block. */
  text: string;
  tokens: Token[];
  /** Lower-case plain words, stop words removed. */
  words: string[];
  mentions: Mention[];
  index: ProjectIndex;
  catalogue: CapabilityMeta[];
  /** The intents of the registered metas (intent-table.ts). */
  table: IntentDef[];
  terms: PlannerWords;
  error: PastedError | null;
  intents: IntentMatch[];
}

export interface DraftStep {
  capability: string;
  input: Record<string, unknown>;
  target: string | null;
  summary: string;
}

export interface Drafted {
  steps: DraftStep[];
  notes: string[];
  /** True when the steps are the build workflow. */
  workflow?: boolean;
}

export type BuildOutcome = Drafted | QuestionOutcome;

export function isQuestion(outcome: BuildOutcome): outcome is QuestionOutcome {
  return (outcome as QuestionOutcome).kind === 'question';
}

export function question(message: string, options: string[], replaces?: string): QuestionOutcome {
  return replaces === undefined ? { kind: 'question', message, options } : { kind: 'question', message, options, replaces };
}

/** "did you mean" for a name that is not in the project; without close names, asks for the name (no options to pick from). */
export function didYouMean(what: string, wanted: string, suggestions: string[]): QuestionOutcome {
  if (suggestions.length === 0) {
    return question(`I could not find ${what} "${wanted}" in the project, nor one with a close name; type the name you meant.`, [], wanted);
  }
  const list = suggestions.map((s) => `"${s}"`).join(' or ');
  return question(`I could not find ${what} "${wanted}" in the project; did you mean ${list}?`, suggestions, wanted);
}

export function hasWord(ctx: PlanContext, ...words: string[]): boolean {
  return words.some((w) => ctx.words.includes(w));
}
