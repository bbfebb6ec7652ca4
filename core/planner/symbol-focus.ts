/**
 * "find code smells in function parseValue", "complexity of parseValue()": an analysis limited to one
 * declaration. The analysis capabilities take files, so the step gets the declaring file as its
 * include and the plan a `symbol` filter: the result keeps the findings inside the declaration's lines
 * (from its line to the line before the file's next top-level declaration). A name that is not declared
 * is asked about (did you mean …), never widened to the whole project.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import type { DraftStep, PlanContext } from './planning-context.js';
import { didYouMean, question } from './planning-context.js';
import { resolveSymbol } from './resolve-target.js';
import type { QuestionOutcome, SymbolFilter } from './types.js';

/**
 * Phrasings, as data: a place word and a kind noun before the name, or the name called like a function
 * (`sure`: a missing name is asked about); or the name before the kind noun ("in the Cart class"), which
 * prose also uses ("in any function"), so only a declared name counts there.
 */
export const SYMBOL_FOCUS: { pattern: RegExp; sure: boolean }[] = [
  {
    pattern: /\b(?:in|of|inside|within)\s+(?:the\s+)?(?:function|method|class|component|hook|declaration)\s+([A-Za-z_$][\w$]*)/i,
    sure: true,
  },
  { pattern: /\b(?:in|of|inside|within)\s+(?:the\s+)?([A-Za-z_$][\w$]*)\(\)/, sure: true },
  { pattern: /\b(?:in|of|inside|within)\s+(?:the\s+)?([A-Za-z_$][\w$]*)\s+(?:function|method|class|component|hook)\b/i, sure: false },
];

export function symbolFocus(ctx: PlanContext): SymbolFilter | QuestionOutcome | null {
  const hit = SYMBOL_FOCUS.map(({ pattern, sure }) => ({ name: pattern.exec(ctx.text)?.[1], sure })).find(
    (found) => found.name !== undefined,
  );
  const name = hit?.name;
  if (!name || /^(the|a|an|this|that|my|our|each|every|all|any|some|one|its|your)$/i.test(name)) return null;
  const resolved = resolveSymbol(name, ctx.index);
  if (resolved.status === 'missing') return hit.sure ? didYouMean('a declaration named', name, resolved.suggestions) : null;
  if (resolved.status === 'ambiguous')
    return question(
      `"${name}" is declared in several files; which one did you mean?`,
      resolved.options.map((s) => s.file),
      name,
    );
  const symbol = resolved.symbol;
  const later = ctx.index.symbols.filter((s) => s.file === symbol.file && s.line > symbol.line).map((s) => s.line);
  const endLine = later.length > 0 ? Math.min(...later) - 1 : null;
  return { name: symbol.name, file: symbol.file, startLine: symbol.line, endLine };
}

/** The analysis steps limited to the declaring file; other steps as they were. */
export function focusSteps(steps: DraftStep[], focus: SymbolFilter, catalogue: CapabilityMeta[]): DraftStep[] {
  return steps.map((step) =>
    isAnalysis(step.capability, catalogue)
      ? { ...step, input: { ...step.input, include: [focus.file] }, target: `${focus.file}#${focus.name}` }
      : step,
  );
}

/** Analysis capabilities read files and report findings: a symbol focus limits them. */
export function isAnalysis(id: string, catalogue: CapabilityMeta[]): boolean {
  return catalogue.find((m) => m.id === id)?.group === 'analysis';
}

export function focusNote(focus: SymbolFilter): string {
  const lines = focus.endLine === null ? `from line ${focus.startLine}` : `lines ${focus.startLine}-${focus.endLine}`;
  return `Limited to ${focus.name} (${focus.file}, ${lines}): the analysis reads that file and only findings inside the declaration are kept.`;
}
