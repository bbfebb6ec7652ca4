/**
 * Steps of the debugging intents. A pasted error becomes diagnose (+ fix when asked, + explain when
 * asked "why"/"explain"), pointed at the first project file its stack or tsc output names.
 */
import { buildVerify } from './build-rewrites.js';
import { namedSymbol } from './build-tests-docs.js';
import { hasPhrase } from './recognise-intents.js';
import { isRegistered, pickCapability, type BuildOutcome, type DraftStep, type PlanContext } from './planning-context.js';
import { resolvePath } from './resolve-target.js';
import { isScope, scopeInput, scopeOf } from './scope.js';
import type { IntentDef } from './intents.js';
import type { PastedError } from './error-text.js';

function errorTarget(ctx: PlanContext, error: PastedError): { file: string; line?: number } | null {
  for (const location of error.locations) {
    const found = resolvePath(location.path, ctx.index);
    if (found.status === 'found' && found.kind === 'file') return { file: found.path, line: location.line };
  }
  const mentioned = ctx.mentions.find((m) => m.resolution.status === 'found' && m.resolution.kind === 'file');
  return mentioned && mentioned.resolution.status === 'found' ? { file: mentioned.resolution.path } : null;
}

/**
 * Which debugging capabilities the instruction asks for: diagnose first (unless only a reproducing
 * test is asked for), then reproduce, explain, fix as named. A pasted error with no instruction is
 * diagnosed and explained.
 */
function wanted(ctx: PlanContext, pasted: boolean): string[] {
  const fix = ['fix', 'repair', 'resolve', 'solve', 'patch'].some((w) => hasPhrase(ctx.words, w));
  // "why does X throw" without an error has nothing for the catalogue to explain: diagnose reads X instead.
  const explain = ['explain', 'mean', 'meaning', 'understand', ...(pasted ? ['why'] : [])].some((w) => hasPhrase(ctx.words, w));
  const reproduce = ['reproduce', 'repro', 'reproduction'].some((w) => hasPhrase(ctx.words, w));
  const ids = reproduce && !pasted && !explain ? [] : ['debugging.diagnose'];
  if (reproduce) ids.push('debugging.reproduce');
  if (explain || (pasted && !fix && !reproduce)) ids.push('debugging.explain');
  if (fix) ids.push('debugging.fix');
  return ids;
}

const VERBS: Record<string, string> = {
  'debugging.diagnose': 'Diagnose', 'debugging.explain': 'Explain', 'debugging.fix': 'Fix (staged, verified by re-running the failing check)', 'debugging.reproduce': 'Write a failing test that reproduces',
};

export function buildPastedError(ctx: PlanContext, error: PastedError): BuildOutcome {
  const target = errorTarget(ctx, error);
  const input: Record<string, unknown> = { error: error.text, ...(target ?? {}) };
  const where = target ? ` at ${target.file}${target.line ? `:${target.line}` : ''}` : '';
  const what = error.name ?? (error.kind === 'stack' ? 'the stack trace' : 'the error');
  const steps: DraftStep[] = wanted(ctx, true).map((capability) => ({ capability, input: { ...input }, target: target?.file ?? null, summary: `${VERBS[capability]} ${what}${where}` }));
  return { steps, notes: target ? [] : ['The error names no file of this project; the diagnosis starts from the message alone.'] };
}

const FIX_WORDS = ['fix', 'repair', 'resolve', 'solve', 'patch'];

export function buildDebugging(ctx: PlanContext, intent: IntentDef): BuildOutcome {
  const typecheckAsked = ctx.intents.some((m) => m.intent.id === 'debug-typecheck');
  if (intent.id === 'debug-typecheck' && FIX_WORDS.some((w) => hasPhrase(ctx.words, w)) && isRegistered('debugging.fix', ctx.catalogue)) {
    // "fix the type errors": debugging.fix type-checks before and after itself.
    return { steps: [{ capability: 'debugging.fix', input: {}, target: null, summary: 'Fix the type errors that have a safe fix (missing import, misspelling, missing await), each verified by the type-check' }], notes: [] };
  }
  // "fix the type errors" also scores as "fix an error": the type-check step above covers it.
  if (intent.id !== 'debug-typecheck' && typecheckAsked && isRegistered('debugging.typecheck', ctx.catalogue)) return { steps: [], notes: [] };
  if (intent.id === 'debug-typecheck') {
    if (isRegistered('debugging.typecheck', ctx.catalogue) || !isRegistered('refactoring.verify', ctx.catalogue)) {
      return { steps: [{ capability: 'debugging.typecheck', input: {}, target: null, summary: 'Run the TypeScript compiler, group and explain its diagnostics' }], notes: [] };
    }
    const verify = buildVerify({ ...ctx, words: ['typecheck'] }, ['refactoring.verify']);
    return 'steps' in verify ? { steps: verify.steps, notes: ['debugging.typecheck is not built yet; refactoring.verify runs the type-check and reports whether it passes.'] } : verify;
  }
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const symbol = namedSymbol(ctx);
  const input: Record<string, unknown> = { description: ctx.text, ...scopeInput(scope), ...(symbol ? { symbol } : {}) };
  const about = symbol ?? scope.target ?? 'the project';
  const capabilities = intent.id === 'debug-trace' ? [pickCapability(intent.capabilities, ctx.catalogue)] : wanted(ctx, false);
  const steps = capabilities.map((capability) => ({ capability, input: { ...input }, target: symbol ?? scope.target, summary: `${VERBS[capability] ?? 'Trace calls and values of'} ${about}` }));
  return { steps, notes: [] };
}
