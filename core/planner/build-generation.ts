/**
 * The 'generate' strategy, and the build workflow of DESIGN.md's agent: analyse the project structure ->
 * implement each part -> create tests -> generate docs -> usage examples. Every step comes from the
 * registered metas: the implementation steps from generation capabilities (`planning.generates`),
 * the structure step from the capability with the role 'build-structure', tests from the testing
 * capability whose `planning.tests` names the generated kind (or "*"), docs from the roles
 * 'document-api' / 'document-ui' and 'document-examples'. A part of the workflow no registered
 * capability carries out is said in the notes, never faked.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { scopedStep, isStep, summaryValues } from './build-scope.js';
import { fillFields, notesFor, renderSummary } from './fill-fields.js';
import { partsOf, pascal } from './generation-params.js';
import { withRole, type IntentDef } from './intent-table.js';
import { conditionHolds, hasPhrase } from './recognise-intents.js';
import type { BuildOutcome, DraftStep, PlanContext } from './planning-context.js';
import { isScope, scopeInput, scopeOf } from './scope.js';

const BUILD_VERBS = ['build', 'implement', 'develop', 'add'];
const FEATURE_NOUNS = ['page', 'screen', 'feature', 'endpoint', 'endpoints', 'dashboard', 'app'];

/** The generator serving the intent for this task: the first by rank whose `when` holds ("a REST API … with PostgreSQL": crud-resource). */
const generatorOf = (ctx: PlanContext, intent: IntentDef): CapabilityMeta | undefined =>
  intent.candidates.find((c) => c.meta.planning?.generates && (!c.when || conditionHolds(ctx.words, c.when)))?.meta;

/** A build task becomes the whole workflow; "generate a component called X" stays one step. */
export function isBuildTask(ctx: PlanContext, generation: IntentDef[]): boolean {
  if (!generation.some((g) => generatorOf(ctx, g)?.planning?.generates?.workflow)) return false;
  return BUILD_VERBS.some((v) => ctx.words.includes(v)) || FEATURE_NOUNS.some((n) => hasPhrase(ctx.words, n));
}

/** The implementation step of one generation capability (`name` overrides the new thing's name). */
export function generationStep(
  ctx: PlanContext,
  meta: CapabilityMeta,
  intent: IntentDef | null,
  name?: string,
): { step: DraftStep; notes: string[] } {
  const p = meta.planning!;
  const scope = p.scope === false ? null : scopeOf(ctx);
  const usable = scope && isScope(scope) ? scope : null;
  const filled = fillFields(ctx, p.fields ?? [], usable ? scopeInput(usable) : {}, {
    scope: usable,
    ...(name !== undefined ? { subject: name } : {}),
  });
  const summary = renderSummary(p.summary ?? '{Label} {name}', summaryValues(meta, intent, usable, filled.shown, null, filled.input));
  return { step: { capability: meta.id, input: filled.input, target: null, summary }, notes: notesFor(ctx, p.notes, filled.input) };
}

export function buildGeneration(ctx: PlanContext, meta: CapabilityMeta, intent: IntentDef | null): BuildOutcome {
  const { step, notes } = generationStep(ctx, meta, intent);
  return { steps: [step], notes };
}

const subjectOf = (step: DraftStep): string => String(step.input.name ?? step.input.resource ?? '');

/** A follow-on step (tests, docs, examples) about the generated subjects, built by its own strategy and fields. */
function followOn(ctx: PlanContext, meta: CapabilityMeta, subjects: string[]): DraftStep[] {
  return subjects.flatMap((subject) => {
    const built = scopedStep(ctx, meta, null, subject);
    return isStep(built) ? [built.step] : [];
  });
}

/** The parts of "build X with A and B" as further steps of the same capability (their names prefixed with X's base). */
function partSteps(ctx: PlanContext, main: DraftStep, meta: CapabilityMeta, intent: IntentDef): DraftStep[] {
  if (!meta.planning?.generates?.parts) return [];
  const base = subjectOf(main).replace(/(Page|Screen|View|Component|Dashboard)$/, '');
  return partsOf(ctx).map((words) => generationStep(ctx, meta, intent, `${base}${pascal(words)}`).step);
}

function testerOf(ctx: PlanContext, kind: string | undefined): CapabilityMeta | undefined {
  const testers = ctx.catalogue.filter((m) => m.planning?.tests);
  return (
    testers.find((m) => kind !== undefined && m.planning!.tests!.includes(kind)) ?? testers.find((m) => m.planning!.tests!.includes('*'))
  );
}

export function buildWorkflow(ctx: PlanContext, generation: IntentDef[]): BuildOutcome {
  const notes: string[] = [];
  const missing: string[] = [];
  const structureMeta = withRole(ctx.catalogue, 'build-structure')[0];
  const structure: DraftStep[] = structureMeta
    ? [
        {
          capability: structureMeta.id,
          input: {},
          target: null,
          summary: 'Analyse the project structure: where new files go, naming and layers',
        },
      ]
    : [];
  if (!structureMeta) missing.push('the structure analysis');
  const implementation: { step: DraftStep; meta: CapabilityMeta }[] = [];
  for (const intent of generation) {
    const meta = generatorOf(ctx, intent);
    if (!meta) continue;
    const main = generationStep(ctx, meta, intent);
    notes.push(...main.notes);
    implementation.push({ step: main.step, meta }, ...partSteps(ctx, main.step, meta, intent).map((step) => ({ step, meta })));
  }
  const skipTests = /\b(without|no|skip(?:ping)?)\s+(?:the\s+|any\s+)?tests?\b/i.test(ctx.text);
  const skipDocs = /\b(without|no|skip(?:ping)?)\s+(?:the\s+|any\s+)?(docs?|documentation)\b/i.test(ctx.text);
  const tests: DraftStep[] = [];
  if (!skipTests) {
    for (const { step, meta } of implementation) {
      // Its own tests come with it: a testing step would write a second, redundant set.
      if (meta.planning?.generates?.tested) {
        notes.push(`${meta.title} ${subjectOf(step)} comes with its own tests; the project's test run after it runs them.`);
        continue;
      }
      const tester = testerOf(ctx, meta.planning?.generates?.kind);
      if (tester) tests.push(...followOn(ctx, tester, [subjectOf(step)]));
      else missing.push(`tests for ${subjectOf(step)}`);
    }
  }
  const docs: DraftStep[] = [];
  if (!skipDocs) {
    const subjects = implementation.map(({ step }) => subjectOf(step));
    const api = implementation.some(({ meta }) => meta.planning?.generates?.api);
    for (const role of [api ? 'document-api' : 'document-ui', 'document-examples']) {
      const meta = withRole(ctx.catalogue, role)[0];
      if (meta) docs.push(...followOn(ctx, meta, subjects));
      else missing.push(role === 'document-examples' ? 'usage examples' : 'documentation');
    }
  }
  notes.unshift(
    `Build workflow: analyse the structure, implement ${implementation.length} part(s), ${skipTests ? 'no tests (as asked)' : 'create tests'}, ${skipDocs ? 'no docs (as asked)' : 'document them and give usage examples'}.`,
  );
  if (missing.length > 0) notes.push(`No registered capability provides ${[...new Set(missing)].join(', ')}; left out of the workflow.`);
  return { steps: [...structure, ...implementation.map(({ step }) => step), ...tests, ...docs], notes, workflow: true };
}
