/** Which builder plans an intent. */
import { buildAnalysis } from './build-analysis.js';
import { buildDebugging } from './build-debugging.js';
import { buildGeneration } from './build-generation.js';
import { buildDedupe, buildModernize, buildSimplify, buildSuggest, buildVerify } from './build-rewrites.js';
import { buildExtract, buildMove, buildRename } from './build-symbol-refactors.js';
import { buildTestsOrDocs } from './build-tests-docs.js';
import type { IntentDef } from './intents.js';
import type { BuildOutcome, PlanContext } from './planning-context.js';

const REFACTORINGS: Record<string, (ctx: PlanContext) => BuildOutcome> = {
  rename: buildRename,
  extract: buildExtract,
  move: buildMove,
  modernize: buildModernize,
  dedupe: buildDedupe,
  simplify: buildSimplify,
  suggest: buildSuggest,
};

export function buildSteps(ctx: PlanContext, intent: IntentDef): BuildOutcome {
  switch (intent.family) {
    case 'analysis':
      return buildAnalysis(ctx, intent);
    case 'verify':
      return buildVerify(ctx, intent.capabilities);
    case 'testing':
    case 'documentation':
      return buildTestsOrDocs(ctx, intent);
    case 'debugging':
      return buildDebugging(ctx, intent);
    case 'generation':
      return buildGeneration(ctx, intent);
    case 'refactoring':
      return REFACTORINGS[intent.id]!(ctx);
  }
}
