/**
 * "find code smells in function parseValue", "complexity of parseValue()": an analysis limited to one
 * declaration. The analysis capabilities take files, so the step gets the declaring file as its
 * include and the plan a `symbol` filter: the result keeps the findings inside the declaration's lines
 * (from its line to the line before the file's next top-level declaration). A name that is not declared
 * is asked about (did you mean …), never widened to the whole project.
 */
import type { DraftStep, PlanContext } from './planning-context.js';
import { didYouMean, question } from './planning-context.js';
import { resolveSymbol } from './resolve-target.js';
import type { QuestionOutcome, SymbolFilter } from './types.js';

/** Phrasings, as data: a place word, an optional kind noun, the name; or the name called like a function. */
export const SYMBOL_FOCUS = [
  /\b(?:in|of|inside|within)\s+(?:the\s+)?(?:function|method|class|component|hook|declaration)\s+([A-Za-z_$][\w$]*)/i,
  /\b(?:in|of|inside|within)\s+(?:the\s+)?([A-Za-z_$][\w$]*)\(\)/,
  /\b(?:in|of|inside|within)\s+(?:the\s+)?([A-Za-z_$][\w$]*)\s+(?:function|method|class|component|hook)\b/i,
];

export function symbolFocus(ctx: PlanContext): SymbolFilter | QuestionOutcome | null {
  const name = SYMBOL_FOCUS.map((pattern) => pattern.exec(ctx.text)?.[1]).find((found) => found !== undefined);
  if (!name || /^(the|a|an|this|that|my|our|each|every|all)$/i.test(name)) return null;
  const resolved = resolveSymbol(name, ctx.index);
  if (resolved.status === 'missing') return didYouMean('a declaration named', name, resolved.suggestions);
  if (resolved.status === 'ambiguous') return question(`"${name}" is declared in several files; which one did you mean?`, resolved.options.map((s) => s.file), name);
  const symbol = resolved.symbol;
  const later = ctx.index.symbols.filter((s) => s.file === symbol.file && s.line > symbol.line).map((s) => s.line);
  const endLine = later.length > 0 ? Math.min(...later) - 1 : null;
  return { name: symbol.name, file: symbol.file, startLine: symbol.line, endLine };
}

/** The analysis steps limited to the declaring file; other steps as they were. */
export function focusSteps(steps: DraftStep[], focus: SymbolFilter): DraftStep[] {
  return steps.map((step) => (step.capability.startsWith('analysis.') ? { ...step, input: { ...step.input, include: [focus.file] }, target: `${focus.file}#${focus.name}` } : step));
}

export function focusNote(focus: SymbolFilter): string {
  const lines = focus.endLine === null ? `from line ${focus.startLine}` : `lines ${focus.startLine}-${focus.endLine}`;
  return `Limited to ${focus.name} (${focus.file}, ${lines}): the analysis reads that file and only findings inside the declaration are kept.`;
}
