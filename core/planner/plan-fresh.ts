/**
 * Plans a task on its own (no earlier turns): a pasted error, the intents the words ask for, the build
 * workflow when something is to be built, or a question / "unsupported" when nothing is clear.
 */
import { buildPastedError } from './build-debugging.js';
import { focusNote, focusSteps, isAnalysis, symbolFocus } from './symbol-focus.js';
import { buildWorkflow, isBuildTask } from './build-generation.js';
import { buildSteps, chooseCapability } from './build-steps.js';
import { clarify, nothingToPlan, outsideNotes } from './clarify.js';
import { findPastedError } from './error-text.js';
import { extractMinSeverity } from './extract-params.js';
import { extractMentions } from './extract-scope.js';
import { finalizePlan } from './finalize-plan.js';
import { isQuestion, type BuildOutcome, type Drafted, type PlanContext } from './planning-context.js';
import { scoreIntents, scoringWords, selectIntents, type IntentMatch } from './recognise-intents.js';
import { keywordWords, tokenize } from './task-text.js';
import { intentTable } from './intent-table.js';
import { plannerWords } from './known-terms.js';
import type { PlanOutcome, PlanTaskOptions } from './types.js';

const FOLDER_NOUN = /^(folders?|director(y|ies)|dirs?|files?)$/i;

export function planningContext(text: string, options: PlanTaskOptions): PlanContext {
  const error = findPastedError(text);
  const instruction = error ? error.instruction : text;
  const tokens = tokenize(instruction);
  const terms = plannerWords(options.catalogue);
  const table = intentTable(options.catalogue);
  const mentions = extractMentions(tokens, options.projectIndex, terms);
  // Words that name a place ("the routes folder", "except tests") are not keywords of an intent.
  const placeWords = new Set(
    mentions.flatMap((m) => (FOLDER_NOUN.test(tokens[m.token + 1]?.text ?? '') ? [m.token, m.token + 1] : [m.token])),
  );
  const words = scoringWords(
    keywordWords(
      tokens.filter((_, i) => !placeWords.has(i)),
      terms.known,
    ),
  );
  return {
    text: instruction,
    tokens,
    words,
    error,
    mentions,
    index: options.projectIndex,
    catalogue: options.catalogue,
    table,
    terms,
    intents: selectIntents(scoreIntents(words, table)),
  };
}

/**
 * Intents the metas say give way: one that `yieldsTo` another chosen intent ("scan dependencies for
 * known vulnerabilities" is a security audit, not a dependency analysis; "remove duplication" is dedupe,
 * not a duplication report), and one that `needsSubject` when the task names nothing to work on ("fix it").
 */
function withoutYielding(ctx: PlanContext, intents: IntentMatch[]): IntentMatch[] {
  const chosen = new Set(intents.map((m) => m.intent.id));
  const idle = (m: IntentMatch): boolean =>
    m.intent.needsSubject !== undefined && ctx.mentions.length === 0 && !m.intent.needsSubject.some((w) => ctx.words.includes(w));
  const yields = (m: IntentMatch): boolean =>
    m.intent.yieldsTo.some((y) => chosen.has(y.intent) && (y.pattern === undefined || new RegExp(y.pattern, 'i').test(ctx.text)));
  return intents.filter((m) => !idle(m) && !yields(m));
}

const debugs = (ctx: PlanContext, m: IntentMatch): boolean => chooseCapability(ctx, m.intent)?.planning?.strategy === 'debug';

/**
 * Outside a build workflow one generation step is planned (the best-scoring kind), and the debugging
 * intents of a task without a pasted error are planned together (diagnose, reproduce, explain, fix).
 */
function plannedIntents(ctx: PlanContext, intents: IntentMatch[]): IntentMatch[] {
  const generation = intents.filter((m) => m.intent.family === 'generation');
  const best = generation.reduce<IntentMatch | null>((top, m) => (!top || m.score > top.score ? m : top), null);
  const debugging = intents.filter((m) => debugs(ctx, m));
  return intents.filter((m) => (m.intent.family !== 'generation' || m === best) && (!debugs(ctx, m) || m === debugging[0]));
}

function draftAll(ctx: PlanContext, intents: IntentMatch[]): BuildOutcome {
  const generation = intents.filter((m) => m.intent.family === 'generation').map((m) => m.intent);
  if (generation.length > 0 && isBuildTask(ctx, generation)) return buildWorkflow(ctx, generation);
  const drafted: Drafted = { steps: [], notes: [] };
  for (const match of plannedIntents(ctx, intents)) {
    const built = buildSteps(ctx, match.intent);
    if (isQuestion(built)) return built;
    drafted.steps.push(...built.steps);
    drafted.notes.push(...built.notes);
  }
  return drafted;
}

function summaryOf(intents: string[], ctx: PlanContext, drafted: Drafted): string {
  const target = drafted.steps.find((s) => s.target)?.target;
  const what = intents.join(', then ');
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}${target ? ` (${target})` : ''}: ${drafted.steps.length} step(s).`;
}

/** "... and do not verify", "without running the tests", "skip verification". */
export function declinesVerification(text: string): boolean {
  return /\b(?:don'?t|do not|no|skip(?:ping)?|without)\s+(?:the\s+)?(?:verify|verifying|verification|run(?:ning)?\s+the\s+tests)\b/i.test(
    text,
  );
}

export function planFresh(task: string, options: PlanTaskOptions): PlanOutcome {
  const ctx = planningContext(task, options);
  let drafted: BuildOutcome;
  let intentId: string;
  let labels: string[];
  if (ctx.error) {
    drafted = buildPastedError(ctx, ctx.error);
    intentId = 'debug-error';
    labels = [`work on the pasted ${ctx.error.name ?? 'error'}`];
  } else {
    const declined = declinesVerification(ctx.text);
    const intents = withoutYielding(ctx, ctx.intents).filter((m) => !(declined && m.intent.family === 'verify'));
    if (intents.length === 0) {
      const place = ctx.mentions.find((m) => m.resolution.status === 'found');
      return clarify(ctx.text, ctx.words, options.catalogue, place && place.resolution.status === 'found' ? place.resolution.path : null);
    }
    drafted = draftAll({ ...ctx, intents }, intents);
    const workflow = 'steps' in drafted && drafted.workflow === true;
    intentId = workflow ? 'build' : intents.map((m) => m.intent.id).join('+');
    labels = workflow ? ['build'] : intents.map((m) => m.intent.label);
  }
  if (isQuestion(drafted)) return drafted;
  if (drafted.steps.length === 0) return nothingToPlan(ctx.text, options.catalogue, drafted.notes);
  const notes = [...drafted.notes, ...outsideNotes(ctx.words)];
  const minSeverity = extractMinSeverity(ctx.text);
  if (minSeverity)
    notes.push(
      `Only findings of severity ${minSeverity} or above are kept (no step's input has a severity filter; the result is filtered).`,
    );
  // "in function parseValue": analyses read the declaring file and keep the declaration's findings.
  const analyses = drafted.steps.some((step) => isAnalysis(step.capability, options.catalogue));
  const focus = analyses ? symbolFocus(ctx) : null;
  if (focus && 'kind' in focus) return focus;
  if (focus) notes.push(focusNote(focus));
  const filters = { ...(minSeverity ? { minSeverity } : {}), ...(focus ? { symbol: focus } : {}) };
  const plan = finalizePlan({
    intent: intentId,
    summary: summaryOf(labels, ctx, drafted),
    drafts: focus ? focusSteps(drafted.steps, focus, options.catalogue) : drafted.steps,
    notes,
    catalogue: options.catalogue,
    index: options.projectIndex,
    verify: options.verify !== false && !declinesVerification(ctx.text),
    filters,
  });
  return { kind: 'plan', plan };
}
