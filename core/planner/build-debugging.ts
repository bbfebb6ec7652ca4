/**
 * The 'debug' strategy. A pasted error becomes diagnose (+ fix when asked, + explain when asked
 * "why"/"explain"), pointed at the first project file its stack or tsc output names; a described bug
 * ("why does X throw") the same stages over the scope and the symbol named. Each stage is carried out by
 * the registered capability whose `planning.debug.stage` names it; a stage no capability carries out
 * is said in the notes, never faked.
 */
import { DEBUG_STAGES, type CapabilityMeta, type DebugStage } from '../contracts/index.js';
import type { PastedError } from './error-text.js';
import { namedSymbol } from './fill-fields.js';
import { hasPhrase } from './recognise-intents.js';
import type { BuildOutcome, DraftStep, PlanContext } from './planning-context.js';
import { resolvePath } from './resolve-target.js';
import { isScope, scopeInput, scopeOf } from './scope.js';

function errorTarget(ctx: PlanContext, error: PastedError): { file: string; line?: number } | null {
  for (const location of error.locations) {
    const found = resolvePath(location.path, ctx.index);
    if (found.status === 'found' && found.kind === 'file') return { file: found.path, line: location.line };
  }
  const mentioned = ctx.mentions.find((m) => m.resolution.status === 'found' && m.resolution.kind === 'file');
  return mentioned && mentioned.resolution.status === 'found' ? { file: mentioned.resolution.path } : null;
}

const FIX_WORDS = ['fix', 'repair', 'resolve', 'solve', 'patch'];
/** A test that fails until the bug is fixed is a reproduction, whatever the task calls it. */
const REPRODUCE_WORDS = ['reproduce', 'repro', 'reproduction', 'failing test', 'regression test'];

/**
 * Which stages the instruction asks for: diagnose first (unless only a reproducing test is asked
 * for), then reproduce, explain, fix as named. A pasted error with no instruction is diagnosed and explained.
 */
function wanted(ctx: PlanContext, pasted: boolean): DebugStage[] {
  const fix = FIX_WORDS.some((w) => hasPhrase(ctx.words, w));
  // "why does X throw" without an error has nothing to explain: diagnose reads X instead.
  const explain = ['explain', 'mean', 'meaning', 'understand', ...(pasted ? ['why'] : [])].some((w) => hasPhrase(ctx.words, w));
  const reproduce = REPRODUCE_WORDS.some((w) => hasPhrase(ctx.words, w));
  const stages: DebugStage[] = reproduce && !pasted && !explain ? [] : ['diagnose'];
  if (reproduce) stages.push('reproduce');
  if (explain || (pasted && !fix && !reproduce)) stages.push('explain');
  if (fix) stages.push('fix');
  return stages;
}

/** The registered capability of each stage asked for, and a note for the stages none carries out. */
function stageCapabilities(ctx: PlanContext, stages: DebugStage[]): { metas: CapabilityMeta[]; notes: string[] } {
  const metas: CapabilityMeta[] = [];
  const missing: DebugStage[] = [];
  for (const stage of DEBUG_STAGES.filter((s) => stages.includes(s))) {
    const meta = ctx.catalogue.find((m) => m.planning?.debug?.stage === stage);
    if (meta) metas.push(meta);
    else missing.push(stage);
  }
  const notes =
    missing.length > 0 ? [`No registered capability can ${missing.join(' or ')} (not built yet); that part of the task is left out.`] : [];
  return { metas, notes };
}

export function buildPastedError(ctx: PlanContext, error: PastedError): BuildOutcome {
  const target = errorTarget(ctx, error);
  const input: Record<string, unknown> = { error: error.text, ...(target ?? {}) };
  const where = target ? ` at ${target.file}${target.line ? `:${target.line}` : ''}` : '';
  const what = error.name ?? (error.kind === 'stack' ? 'the stack trace' : 'the error');
  const { metas, notes } = stageCapabilities(ctx, wanted(ctx, true));
  const steps: DraftStep[] = metas.map((meta) => ({
    capability: meta.id,
    input: { ...input },
    target: target?.file ?? null,
    summary: `${meta.planning!.debug!.verb} ${what}${where}`,
  }));
  return {
    steps,
    notes: [...notes, ...(target ? [] : ['The error names no file of this project; the diagnosis starts from the message alone.'])],
  };
}

/** A described bug: the stages asked for, over the scope and the symbol the task names. */
export function buildDebugging(ctx: PlanContext): BuildOutcome {
  const scope = scopeOf(ctx);
  if (!isScope(scope)) return scope;
  const symbol = namedSymbol(ctx);
  const input: Record<string, unknown> = { description: ctx.text, ...scopeInput(scope), ...(symbol ? { symbol } : {}) };
  const about = symbol ?? scope.target ?? 'the project';
  const { metas, notes } = stageCapabilities(ctx, wanted(ctx, false));
  const steps = metas.map((meta) => ({
    capability: meta.id,
    input: { ...input },
    target: symbol ?? scope.target,
    summary: `${meta.planning!.debug!.verb} ${about}`,
  }));
  return { steps, notes };
}
