/** Steps of the scope-wide refactorings: modernize, simplify, dedupe, suggest, and verify (run the tests / type-check). */
import { CODEMODS, pickOptions, SIMPLIFY_RULES } from './extract-options.js';
import { extractCount, nameAfterMarker } from './extract-params.js';
import { hasPhrase } from './recognise-intents.js';
import { pickCapability, type BuildOutcome, type PlanContext } from './planning-context.js';
import { isScope, scopeInput, scopeOf, whereText } from './scope.js';

export function buildModernize(ctx: PlanContext): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const input = scopeInput(scope);
  const codemods = pickOptions(ctx.words, CODEMODS);
  const notes: string[] = [];
  if (codemods.length > 0) input.codemods = codemods;
  if (codemods.includes('cjs-to-esm')) {
    if (hasPhrase(ctx.words, 'type module') || hasPhrase(ctx.words, 'package json')) input.setTypeModule = true;
    else notes.push('CommonJS to ESM leaves package.json "type" as it is; say "and set type module" to switch the package.');
    if (ctx.index.project.moduleSystem === 'esm') notes.push('The project already uses ES modules; only CommonJS files left in it are converted.');
  }
  const what = codemods.length > 0 ? codemods.join(', ') : 'var to let/const, promises and callbacks to async/await, concatenation to templates';
  return { steps: [{ capability: 'refactoring.modernize', input, target: scope.target, summary: `Modernise ${whereText(scope)}: ${what}` }], notes };
}

export function buildSimplify(ctx: PlanContext): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const input = scopeInput(scope);
  const rules = pickOptions(ctx.words, SIMPLIFY_RULES);
  if (rules.length > 0) input.rules = rules;
  const what = rules.length > 0 ? rules.join(', ') : 'unused imports and variables, unreachable code, boolean logic, nested conditionals';
  return { steps: [{ capability: 'refactoring.simplify', input, target: scope.target, summary: `Simplify ${whereText(scope)}: ${what}` }], notes: [] };
}

export function buildDedupe(ctx: PlanContext): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const name = nameAfterMarker(ctx.text, ctx.tokens);
  const dedupe: Record<string, unknown> = name ? { name } : {};
  return {
    steps: [
      { capability: 'analysis.duplication', input: scopeInput(scope), target: scope.target, summary: `Find duplicated code in ${whereText(scope)}` },
      { capability: 'refactoring.dedupe', input: dedupe, target: scope.target, summary: `Replace the largest duplicated block with one shared function${name ? ` ${name}` : ''}` },
    ],
    notes: [],
  };
}

export function buildSuggest(ctx: PlanContext): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const input = scopeInput(scope);
  const limit = extractCount(ctx.text);
  if (limit !== null && limit >= 1) input.limit = limit;
  return { steps: [{ capability: 'refactoring.suggest', input, target: scope.target, summary: `Suggest refactorings for ${whereText(scope)}, ranked, each with the step that would carry it out` }], notes: [] };
}

/** The checks a project can run: a type-check when it has a tsconfig, tests when it has a test command. */
export function projectChecks(ctx: Pick<PlanContext, 'index'>): ('typecheck' | 'tests')[] {
  const checks: ('typecheck' | 'tests')[] = [];
  if (ctx.index.project.tsconfig) checks.push('typecheck');
  if (ctx.index.project.testCommand) checks.push('tests');
  return checks;
}

export function buildVerify(ctx: PlanContext, candidates: string[]): BuildOutcome {
  const wantsTypes = hasPhrase(ctx.words, 'type check') || hasPhrase(ctx.words, 'typecheck') || hasPhrase(ctx.words, 'types') || hasPhrase(ctx.words, 'compile');
  const wantsTests = hasPhrase(ctx.words, 'test') || hasPhrase(ctx.words, 'spec');
  // A task about the tests alone gets testing.run (each test reported); one that asks for the type-check too,
  // or for "everything", keeps refactoring.verify, which runs both.
  const capability = pickCapability(wantsTests && !wantsTypes ? candidates : candidates.filter((c) => c !== 'testing.run'), ctx.catalogue);
  if (capability !== 'refactoring.verify') {
    return { steps: [{ capability, input: {}, target: null, summary: 'Run the project\'s tests and report each test: passed, failed (with message and location) or skipped' }], notes: [] };
  }
  const checks = wantsTypes && !wantsTests ? ['typecheck'] : wantsTests && !wantsTypes ? ['tests'] : null;
  const input = checks ? { checks } : {};
  const notes = candidates.includes('testing.run') ? ['testing.run is not built yet; refactoring.verify runs the tests and reports whether they pass.'] : [];
  return { steps: [{ capability, input, target: null, summary: `Run the project's ${checks ? checks.join(' and ') : 'type-check and tests'} and report the result` }], notes };
}
