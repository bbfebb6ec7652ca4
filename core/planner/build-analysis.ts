/** Steps of the analysis intents: the scope, plus the options the task names (categories, rule families, thresholds). */
import {
  DEPENDENCY_RULES, PERFORMANCE_RULES, pickOptions, SECURITY_CATEGORIES, SMELL_RULES, STRUCTURE_RULES,
} from './extract-options.js';
import { extractCount, extractThreshold } from './extract-params.js';
import type { IntentDef } from './intents.js';
import { pickCapability, type BuildOutcome, type DraftStep, type PlanContext } from './planning-context.js';
import { isScope, scopeInput, scopeOf, whereText, type Scope } from './scope.js';

const TITLES: Record<string, string> = {
  'analysis.security': 'Security audit', 'analysis.quality': 'Quality report', 'analysis.performance': 'Performance analysis',
  'analysis.complexity': 'Complexity', 'analysis.smells': 'Code smells', 'analysis.duplication': 'Duplicated code',
  'analysis.naming': 'Naming conventions', 'analysis.structure': 'Project structure', 'analysis.dependencies': 'Dependencies',
  'analysis.lint': 'ESLint',
};

function enableRules(input: Record<string, unknown>, rules: string[]): void {
  if (rules.length > 0) input.rules = { enable: rules };
}

/** The options a task names for one analysis capability. */
function options(ctx: PlanContext, capability: string, scope: Scope): { input: Record<string, unknown>; detail: string[] } {
  const input = scopeInput(scope);
  const detail: string[] = [];
  const others = new Set(ctx.intents.map((i) => i.intent.id));
  switch (capability) {
    case 'analysis.security': {
      const named = pickOptions(ctx.words, SECURITY_CATEGORIES).filter((c) => !(c === 'dependencies' && others.has('dependencies')));
      if (named.length > 0) input.categories = named;
      if (scope.testsIncluded) input.testFiles = 'report';
      detail.push(...named);
      break;
    }
    case 'analysis.performance': {
      const rules = pickOptions(ctx.words, PERFORMANCE_RULES);
      if (/\bn\s*\+\s*1\b/i.test(ctx.text)) rules.push('performance/n-plus-one-query');
      enableRules(input, [...new Set(rules)]);
      break;
    }
    case 'analysis.smells':
      enableRules(input, pickOptions(ctx.words, SMELL_RULES));
      break;
    case 'analysis.dependencies':
      enableRules(input, pickOptions(ctx.words, DEPENDENCY_RULES));
      break;
    case 'analysis.structure':
      enableRules(input, pickOptions(ctx.words, STRUCTURE_RULES));
      break;
    case 'analysis.complexity': {
      const threshold = extractThreshold(ctx.text);
      if (threshold !== null && threshold >= 1) input.thresholds = { cyclomatic: threshold };
      break;
    }
    case 'analysis.quality': {
      const top = extractCount(ctx.text);
      if (top !== null) input.top = top;
      break;
    }
  }
  const rules = (input.rules as { enable?: string[] } | undefined)?.enable ?? [];
  detail.push(...rules.map((r) => r.slice(r.indexOf('/') + 1)));
  return { input, detail };
}

export function analysisStep(ctx: PlanContext, intent: IntentDef, scope: Scope): DraftStep {
  const capability = pickCapability(intent.capabilities, ctx.catalogue);
  const { input, detail } = options(ctx, capability, scope);
  const focus = detail.length > 0 ? ` (${detail.join(', ')})` : '';
  return { capability, input, target: scope.target, summary: `${TITLES[capability] ?? intent.label} of ${whereText(scope)}${focus}` };
}

export function buildAnalysis(ctx: PlanContext, intent: IntentDef): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  return { steps: [analysisStep(ctx, intent, scope)], notes: [] };
}
