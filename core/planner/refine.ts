/**
 * Follow-up turns that change the previous plan instead of starting over: "also include the tests
 * folder", "only src/routes", "except tests", "only high severity", "call it ProfileCard instead",
 * "use fetchUser instead", "also check performance", "don't verify". Returns null when the turn
 * changes nothing, so the caller plans it as a new task.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { buildSteps } from './build-steps.js';
import { extractFields, extractMinSeverity } from './extract-params.js';
import { pickVocabulary } from './fill-fields.js';
import { finalizePlan, verifierOf } from './finalize-plan.js';
import { declinesVerification, planningContext } from './plan-fresh.js';
import { isQuestion, type DraftStep, type PlanContext } from './planning-context.js';
import { SECONDARY_SCORE } from './recognise-intents.js';
import { isScope, scopeOf, type Scope } from './scope.js';
import type { Plan, PlanOutcome, PlanTaskOptions } from './types.js';

const MARKERS = [
  'also',
  'instead',
  'only',
  'just',
  'too',
  'well',
  'except',
  'but',
  'include',
  'including',
  'exclude',
  'excluding',
  'skip',
  'without',
  'call',
  'name',
  'use',
  'add',
  'remove',
  'drop',
  'rather',
  'plus',
  "don't",
  'dont',
  'not',
  'no',
  'actually',
];
const NEW_NAME =
  /\b(?:call|name)\s+it\s+[`'"]?([A-Za-z_$][\w$]*)|\buse\s+[`'"]?([A-Za-z_$][\w$]*)[`'"]?\s+instead\b|\brename\s+it\s+to\s+[`'"]?([A-Za-z_$][\w$]*)|^[`'"]?([A-Za-z_$][\w$]*)[`'"]?\s+instead\b/i;
const AUTO_NOTES = /not built yet or not registered \(|does not accept|cannot be verified/;
const SEVERITY_NOTE = /^(Refined: )?[Oo]nly findings of severity/;

interface Refinement {
  steps: DraftStep[];
  notes: string[];
  changed: boolean;
}

const accepts = (meta: CapabilityMeta | undefined, key: string): boolean =>
  Boolean((meta?.inputSchema.properties as Record<string, unknown> | undefined)?.[key]);

function uniq(values: string[]): string[] {
  return [...new Set(values)];
}

function applyScope(r: Refinement, scope: Scope, only: boolean, catalogue: CapabilityMeta[]): void {
  for (const step of r.steps) {
    const meta = catalogue.find((m) => m.id === step.capability);
    if (!accepts(meta, 'include')) continue;
    const input = step.input;
    const include = (input.include as string[] | undefined) ?? [];
    const exclude = (input.exclude as string[] | undefined) ?? [];
    if (scope.exclude.length > 0) {
      input.exclude = uniq([...exclude, ...scope.exclude]);
      if (include.length > 0) input.include = include.filter((g) => !scope.exclude.includes(g));
      r.changed = true;
    }
    if (scope.include.length > 0) {
      input.include = only ? [...scope.include] : include.length > 0 ? uniq([...include, ...scope.include]) : undefined;
      if (input.include === undefined) delete input.include;
      input.exclude = exclude.filter((g) => !scope.include.includes(g));
      if ((input.exclude as string[]).length === 0) delete input.exclude;
      r.changed = true;
    }
    if (scope.testsIncluded) {
      if (accepts(meta, 'testFiles')) input.testFiles = 'report';
      const current = (input.include as string[] | undefined) ?? [];
      if (current.length > 0) input.include = uniq([...current, ...scope.testGlobs]);
      const left = exclude.filter((g) => !/test|spec/.test(g));
      if (left.length < exclude.length) input.exclude = left;
      if (left.length === 0 && exclude.length > 0) delete input.exclude;
      r.changed = true;
    }
  }
  if (r.changed) r.notes.push(`Refined: scope now ${describeScope(scope, only)}.`);
}

function describeScope(scope: Scope, only: boolean): string {
  const parts: string[] = [];
  if (scope.include.length > 0) parts.push(`${only ? 'only' : 'also'} ${scope.include.join(', ')}`);
  if (scope.testsIncluded) parts.push('including the tests');
  if (scope.exclude.length > 0) parts.push(`excluding ${scope.exclude.join(', ')}`);
  return parts.join('; ');
}

/** Renames the plan's new name everywhere it appears (inputs and summaries), whole words only. */
function applyName(r: Refinement, name: string): void {
  const old = r.steps
    .map((s) => (s.input.newName ?? s.input.name ?? s.input.newFileName) as string | undefined)
    .find((n) => typeof n === 'string');
  if (!old || old === name) return;
  const pattern = new RegExp(`\\b${old.replace(/[$]/g, '\\$')}`, 'g');
  r.steps = r.steps.map((s) => ({
    ...s,
    input: JSON.parse(JSON.stringify(s.input).replace(pattern, name)) as Record<string, unknown>,
    summary: s.summary.replace(pattern, name),
  }));
  r.notes.push(`Refined: "${old}" is now "${name}".`);
  r.changed = true;
}

/** The vocabularies of the generation steps' framework fields (planning data). */
function frameworkVocabulary(catalogue: CapabilityMeta[]) {
  return catalogue.flatMap((m) => (m.planning?.fields ?? []).flatMap((f) => (f.from === 'framework' ? f.vocabulary : [])));
}

function applyGeneration(r: Refinement, ctx: PlanContext): void {
  const fields = extractFields(ctx.text);
  const framework = pickVocabulary(ctx, frameworkVocabulary(ctx.catalogue))[0];
  const generated = (id: string): boolean => ctx.catalogue.some((m) => m.id === id && m.planning?.generates !== undefined);
  for (const step of r.steps.filter((s) => generated(s.capability))) {
    if (fields.length > 0) step.input.fields = [...((step.input.fields as unknown[]) ?? []), ...fields];
    if (framework) step.input.framework = framework;
  }
  if (fields.length > 0 || framework) {
    r.changed = r.steps.some((s) => generated(s.capability));
    if (r.changed)
      r.notes.push(
        `Refined: ${[fields.length > 0 ? `fields ${fields.map((f) => f.name).join(', ')}` : '', framework ?? ''].filter(Boolean).join(', ')}.`,
      );
  }
}

/** "also check performance": steps of intents the plan does not have yet, before its verify step. */
function applyNewIntents(r: Refinement, ctx: PlanContext, previous: Plan): void {
  const present = new Set(previous.steps.map((s) => s.capability));
  const inherited = previous.steps.find((s) => s.input.include !== undefined || s.input.exclude !== undefined)?.input;
  for (const match of ctx.intents) {
    if (match.score < SECONDARY_SCORE || match.intent.candidates.some((c) => present.has(c.meta.id))) continue;
    const built = buildSteps(ctx, match.intent);
    if (isQuestion(built)) continue;
    // "also check performance" checks the same place as the plan it extends.
    if (ctx.mentions.length === 0 && inherited) {
      for (const step of built.steps) {
        if (inherited.include !== undefined) step.input.include = structuredClone(inherited.include);
        if (inherited.exclude !== undefined) step.input.exclude = structuredClone(inherited.exclude);
      }
    }
    const verifier = verifierOf(ctx.catalogue)?.id;
    const verifyAt = r.steps.findIndex((s) => s.capability === verifier);
    r.steps.splice(verifyAt < 0 ? r.steps.length : verifyAt, 0, ...built.steps);
    r.notes.push(`Refined: added ${match.intent.label}.`);
    r.changed = true;
  }
}

export function refinePlan(task: string, options: PlanTaskOptions & { previousPlan: Plan }): PlanOutcome | null {
  const previous = options.previousPlan;
  const ctx = planningContext(task, options);
  const marked = MARKERS.some((m) => ctx.tokens.some((t) => t.text.toLowerCase() === m)) || ctx.intents.length === 0;
  if (!marked) return null;
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const r: Refinement = {
    steps: previous.steps.map((s) => ({ capability: s.capability, input: structuredClone(s.input), target: s.target, summary: s.summary })),
    notes: [],
    changed: false,
  };
  const only = /\b(only|just)\b/i.test(task) && !/\balso\b/i.test(task);
  applyScope(r, scope, only, options.catalogue);
  const name = NEW_NAME.exec(task.trim());
  const newName = name ? (name[1] ?? name[2] ?? name[3] ?? name[4])! : null;
  // "use vue instead" changes the framework, not the name.
  const choices = options.catalogue.flatMap((m) =>
    (m.planning?.fields ?? []).flatMap((f) => ('vocabulary' in f && (f.from === 'framework' || f.field === 'library') ? f.vocabulary : [])),
  );
  if (newName && pickVocabulary({ words: [newName.toLowerCase()], text: newName }, choices).length === 0) applyName(r, newName);
  applyGeneration(r, ctx);
  applyNewIntents(r, ctx, previous);
  const noVerify = declinesVerification(task);
  if (noVerify) {
    const verifier = verifierOf(options.catalogue)?.id;
    r.steps = r.steps.filter((s) => s.capability !== verifier);
    r.notes.push('Refined: no verification step (as asked).');
    r.changed = true;
  }
  const minSeverity = extractMinSeverity(task) ?? previous.filters?.minSeverity;
  const severityChanged = minSeverity !== previous.filters?.minSeverity;
  if (severityChanged)
    r.notes.push(
      `Refined: only findings of severity ${minSeverity} or above are kept (no step's input has a severity filter; the result is filtered).`,
    );
  // "in function parseValue" stays the focus of the refined plan, unless the turn names another place
  // ("only src/routes"): then the steps' new include decides, and the plan says the focus is gone.
  const symbol = previous.filters?.symbol;
  const refocused = symbol !== undefined && only && scope.include.length > 0;
  if (refocused) r.notes.push(`Refined: no longer limited to ${symbol.name} (${symbol.file}).`);
  if (!r.changed && !severityChanged) return null;
  const filters = { ...(minSeverity ? { minSeverity } : {}), ...(symbol && !refocused ? { symbol } : {}) };
  const plan = finalizePlan({
    intent: previous.intent,
    summary: previous.summary,
    drafts: r.steps,
    notes: [...previous.notes.filter((n) => !AUTO_NOTES.test(n) && !(severityChanged && SEVERITY_NOTE.test(n))), ...r.notes],
    catalogue: options.catalogue,
    index: options.projectIndex,
    verify: options.verify !== false && !noVerify,
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  });
  return { kind: 'plan', plan };
}
