/**
 * Which capability plans an intent, and which strategy drafts its step. The capability is the first of
 * the intent's candidates (by rank) whose `when` holds; a capability that `supersedes` the intent when
 * the task says so takes its place; a step `precededBy` a role gets that role's step first.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { buildDebugging } from './build-debugging.js';
import { buildGeneration } from './build-generation.js';
import { buildScoped } from './build-scope.js';
import { buildExtract, buildMove, buildRename } from './build-symbol-refactors.js';
import { withRole, type IntentDef } from './intent-table.js';
import { isQuestion, type BuildOutcome, type PlanContext } from './planning-context.js';
import { conditionHolds } from './recognise-intents.js';

/** The capability that serves an intent for this task, or null when none of its candidates applies. */
export function chooseCapability(ctx: PlanContext, intent: IntentDef): CapabilityMeta | null {
  return intent.candidates.find((c) => !c.when || conditionHolds(ctx.words, c.when))?.meta ?? null;
}

/** Drafts a capability's step with the strategy its planning data names. */
export function buildWith(ctx: PlanContext, meta: CapabilityMeta, intent: IntentDef | null): BuildOutcome {
  switch (meta.planning!.strategy) {
    case 'scope':
      return buildScoped(ctx, meta, intent);
    case 'rename':
      return buildRename(ctx, meta);
    case 'extract-range':
      return buildExtract(ctx, meta);
    case 'move-symbol':
      return buildMove(ctx, meta);
    case 'debug':
      return buildDebugging(ctx);
    case 'generate':
      return buildGeneration(ctx, meta, intent);
  }
}

export function buildSteps(ctx: PlanContext, intent: IntentDef): BuildOutcome {
  // "fix the type errors": a capability covering the type-check intent when the task says "fix".
  for (const meta of ctx.catalogue) {
    const cover = meta.planning?.supersedes?.find((s) => s.intent === intent.id && conditionHolds(ctx.words, s.when));
    if (cover) return { steps: [{ capability: meta.id, input: {}, target: null, summary: cover.summary }], notes: [] };
  }
  // An exclusive intent of the same family (the type-check) covers this one.
  if (ctx.intents.some((m) => m.intent !== intent && m.intent.exclusive && m.intent.family === intent.family))
    return { steps: [], notes: [] };
  const meta = chooseCapability(ctx, intent);
  if (!meta) return { steps: [], notes: [] };
  const built = buildWith(ctx, meta, intent);
  const before = meta.planning?.precededBy ? withRole(ctx.catalogue, meta.planning.precededBy)[0] : undefined;
  if (!before || isQuestion(built)) return built;
  const first = buildWith(ctx, before, null);
  if (isQuestion(first)) return first;
  return { steps: [...first.steps, ...built.steps], notes: [...first.notes, ...built.notes] };
}
