/** Steps of the testing and documentation intents: the capability with the scope or symbol the task names. */
import { LIBRARIES, pickOptions } from './extract-options.js';
import type { IntentDef } from './intents.js';
import { pickCapability, type BuildOutcome, type PlanContext } from './planning-context.js';
import { resolveSymbol } from './resolve-target.js';
import { isScope, scopeInput, scopeOf, whereText } from './scope.js';

/** A symbol the task names that the project declares ("tests for urgencyScore"). */
export function namedSymbol(ctx: PlanContext): string | null {
  for (const token of ctx.tokens) {
    if (token.kind !== 'ident' && token.kind !== 'quoted') continue;
    if (resolveSymbol(token.text, ctx.index).status !== 'missing') return token.text;
  }
  return null;
}

const PROJECT_WIDE = new Set(['documentation.readme', 'documentation.contributing', 'documentation.architecture', 'testing.coverage', 'testing.gaps', 'testing.run']);

export function buildTestsOrDocs(ctx: PlanContext, intent: IntentDef): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const capability = pickCapability(intent.capabilities, ctx.catalogue);
  const input: Record<string, unknown> = scopeInput(scope);
  const symbol = namedSymbol(ctx);
  if (symbol && !PROJECT_WIDE.has(capability)) input.symbol = symbol;
  if (intent.family === 'testing') {
    const runner = pickOptions(ctx.words, LIBRARIES).find((l) => ['jest', 'vitest', 'mocha', 'playwright'].includes(l));
    const projectRunner = ctx.index.project.testRunner !== 'none' ? ctx.index.project.testRunner : undefined;
    const chosen = runner ?? (capability === 'testing.e2e' ? 'playwright' : projectRunner);
    if (chosen && capability !== 'testing.coverage' && capability !== 'testing.gaps') input.runner = chosen;
  }
  const about = symbol ? `${symbol} (${whereText(scope)})` : whereText(scope);
  const label = intent.label.charAt(0).toUpperCase() + intent.label.slice(1);
  return { steps: [{ capability, input, target: symbol ?? scope.target, summary: `${label} for ${about}` }], notes: [] };
}
