/**
 * Generation steps, and the build workflow of DESIGN.md's agent: analyse the project structure ->
 * implement each component -> create tests -> generate docs -> usage examples. Steps whose capability
 * is not built yet stay in the plan, marked unavailable, and are skipped when it runs.
 */
import type { IntentDef } from './intents.js';
import { generationOptions, methodsOf, newThingName, partsOf, pascal, resourceOf } from './generation-params.js';
import { hasPhrase } from './recognise-intents.js';
import type { BuildOutcome, DraftStep, PlanContext } from './planning-context.js';
import { isScope, scopeInput, scopeOf } from './scope.js';

const BUILD_VERBS = ['build', 'implement', 'develop', 'add'];
const FEATURE_NOUNS = ['page', 'screen', 'feature', 'endpoint', 'endpoints', 'dashboard', 'app'];
const WORKFLOW_INTENTS = new Set(['gen-component', 'gen-api-route', 'gen-crud', 'gen-service']);

/** A build task becomes the whole workflow; "generate a component called X" stays one step. */
export function isBuildTask(ctx: PlanContext, generation: IntentDef[]): boolean {
  if (!generation.some((g) => WORKFLOW_INTENTS.has(g.id))) return false;
  return BUILD_VERBS.some((v) => ctx.words.includes(v)) || FEATURE_NOUNS.some((n) => hasPhrase(ctx.words, n));
}

function nameOrDefault(ctx: PlanContext, intent: IntentDef): string {
  switch (intent.id) {
    case 'gen-component': return newThingName(ctx, 'component') ?? 'NewComponent';
    case 'gen-hook': return newThingName(ctx, 'hook') ?? 'useNewHook';
    default: return newThingName(ctx, 'other') ?? resourceOf(ctx) ?? 'generated';
  }
}

/** The implementation step of one generation intent. */
export function generationStep(ctx: PlanContext, intent: IntentDef, name?: string): DraftStep {
  const capability = intent.capabilities[0]!;
  const options = generationOptions(ctx);
  if (intent.id === 'gen-api-route' || intent.id === 'gen-crud') {
    const resource = resourceOf(ctx) ?? 'items';
    const methods = methodsOf(ctx.text);
    const input: Record<string, unknown> = { resource, ...(methods.length > 0 ? { methods } : {}), ...options };
    const what = intent.id === 'gen-crud' ? 'CRUD resource (schema, model, routes, service, tests)' : 'REST route handlers';
    return { capability, input, target: null, summary: `Generate the ${resource} ${what}${input.framework ? ` for ${String(input.framework)}` : ''}` };
  }
  const scope = scopeOf(ctx);
  const where = isScope(scope) ? scopeInput(scope) : {};
  const input = { name: name ?? nameOrDefault(ctx, intent), ...options, ...where };
  return { capability, input, target: null, summary: `${intent.label.replace(/^generate/, 'Generate')} ${String(input.name)}` };
}

const TEST_FOR: Record<string, string> = {
  'generation.component': 'testing.component', 'generation.api-route': 'testing.integration', 'generation.crud-resource': 'testing.integration',
};

function testStep(impl: DraftStep): DraftStep {
  const capability = TEST_FOR[impl.capability] ?? 'testing.unit';
  const subject = String(impl.input.name ?? impl.input.resource);
  return { capability, input: { subject }, target: null, summary: `Create ${capability.slice('testing.'.length)} tests for ${subject}` };
}

/** The parts of "build X with A and B" as further components (their names prefixed with X's base). */
function partSteps(ctx: PlanContext, main: DraftStep, component: IntentDef): DraftStep[] {
  if (main.capability !== 'generation.component') return [];
  const base = String(main.input.name).replace(/(Page|Screen|View|Component|Dashboard)$/, '');
  return partsOf(ctx).map((words) => generationStep(ctx, component, `${base}${pascal(words)}`));
}

export function buildWorkflow(ctx: PlanContext, generation: IntentDef[]): BuildOutcome {
  const structure: DraftStep = { capability: 'analysis.structure', input: {}, target: null, summary: 'Analyse the project structure: where new files go, naming and layers' };
  const implementation: DraftStep[] = [];
  for (const intent of generation) {
    const main = generationStep(ctx, intent);
    implementation.push(main);
    if (intent.id === 'gen-component') implementation.push(...partSteps(ctx, main, intent));
  }
  const skipTests = /\b(without|no|skip(?:ping)?)\s+(?:the\s+|any\s+)?tests?\b/i.test(ctx.text);
  const skipDocs = /\b(without|no|skip(?:ping)?)\s+(?:the\s+|any\s+)?(docs?|documentation)\b/i.test(ctx.text);
  const tests = skipTests ? [] : implementation.map(testStep);
  const subjects = implementation.map((s) => String(s.input.name ?? s.input.resource));
  const api = implementation.some((s) => s.capability !== 'generation.component' && s.capability !== 'generation.hook');
  const docs: DraftStep[] = skipDocs ? [] : [
    api
      ? { capability: 'documentation.api', input: { subjects }, target: null, summary: `Document the API of ${subjects.join(', ')} (reference and OpenAPI)` }
      : { capability: 'documentation.inline', input: { subjects }, target: null, summary: `Add doc comments to ${subjects.join(', ')}` },
    { capability: 'documentation.examples', input: { subjects }, target: null, summary: `Write usage examples for ${subjects.join(', ')}` },
  ];
  const notes = [`Build workflow: analyse the structure, implement ${implementation.length} part(s), ${skipTests ? 'no tests (as asked)' : 'create tests'}, ${skipDocs ? 'no docs (as asked)' : 'document them and give usage examples'}.`];
  return { steps: [structure, ...implementation, ...tests, ...docs], notes };
}

export function buildGeneration(ctx: PlanContext, intent: IntentDef): BuildOutcome {
  return { steps: [generationStep(ctx, intent)], notes: [] };
}
