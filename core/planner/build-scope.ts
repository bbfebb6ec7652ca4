/**
 * The 'scope' strategy: the scope the task names (include/exclude, unless `planning.scope` is false)
 * plus the input fields the capability's planning data describes; its summary from the capability's
 * template. Used by analyses, scope-wide refactorings, tests, docs, verify, type-check and trace.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { fillFields, notesFor, renderSummary } from './fill-fields.js';
import type { IntentDef } from './intent-table.js';
import type { BuildOutcome, DraftStep, PlanContext } from './planning-context.js';
import { isScope, scopeInput, scopeOf, whereText, type Scope } from './scope.js';

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The summary placeholders of a step (core/contracts/planning.ts lists them). */
export function summaryValues(
  meta: CapabilityMeta,
  intent: IntentDef | null,
  scope: Scope | null,
  shown: string[],
  symbol: string | null,
  input: Record<string, unknown>,
): Record<string, string> {
  const where = scope ? whereText(scope) : 'the whole project';
  const p = meta.planning!;
  return {
    title: p.stepTitle ?? meta.title,
    Label: capitalise(intent?.label ?? meta.title),
    where,
    detail: shown.length > 0 ? ` (${shown.join(', ')})` : '',
    values: shown.length > 0 ? shown.join(', ') : (p.valuesFallback ?? ''),
    about: symbol ? `${symbol} (${where})` : where,
    subject: symbol ?? scope?.target ?? 'the project',
    name: typeof input.name === 'string' ? input.name : typeof input.resource === 'string' ? input.resource : '',
  };
}

export function scopedStep(
  ctx: PlanContext,
  meta: CapabilityMeta,
  intent: IntentDef | null,
  subject?: string,
): { step: DraftStep; notes: string[] } | BuildOutcome {
  const p = meta.planning!;
  let scope: Scope | null = null;
  if (p.scope !== false) {
    const found = scopeOf(ctx);
    if (!isScope(found)) return found;
    scope = found;
  }
  const filled = fillFields(ctx, p.fields ?? [], scope ? scopeInput(scope) : {}, { scope, ...(subject !== undefined ? { subject } : {}) });
  const summary = renderSummary(
    p.summary ?? '{title} of {where}{detail}',
    summaryValues(meta, intent, scope, filled.shown, filled.symbol, filled.input),
  );
  const target = filled.symbol ?? scope?.target ?? null;
  return { step: { capability: meta.id, input: filled.input, target, summary }, notes: notesFor(ctx, p.notes, filled.input) };
}

const isStep = (v: { step: DraftStep; notes: string[] } | BuildOutcome): v is { step: DraftStep; notes: string[] } => 'step' in v;

export function buildScoped(ctx: PlanContext, meta: CapabilityMeta, intent: IntentDef | null): BuildOutcome {
  const built = scopedStep(ctx, meta, intent);
  if (!isStep(built)) return built;
  return { steps: [built.step], notes: built.notes };
}

export { isStep };
