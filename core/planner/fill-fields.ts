/**
 * Fills a step's input from the task, as the capability's `planning.fields` say (core/contracts/planning.ts):
 * vocabularies of option phrases, thresholds, counts, a named symbol, the name after "called", the task
 * text, the checks to run, and the generation sources (new name, resource, methods, fields, framework).
 */
import type { FieldSource, PlanningNote, VocabularyEntry } from '../contracts/index.js';
import { extractCount, extractFields, extractThreshold, nameAfterMarker } from './extract-params.js';
import { methodsOf, newThingName, resourceOf } from './generation-params.js';
import type { PlanContext } from './planning-context.js';
import { hasPhrase } from './recognise-intents.js';
import { resolveSymbol } from './resolve-target.js';
import type { Scope } from './scope.js';

export interface Filled {
  input: Record<string, unknown>;
  /** Values to show in the summary ("injection", "magic-number"). */
  shown: string[];
  /** The declaration the task names, when a field asked for it. */
  symbol: string | null;
}

/** What a field source reads besides the task: the scope, and the subject of a build workflow's follow-on step. */
export interface FillOptions {
  scope: Scope | null;
  /** In the build workflow: the generated thing a follow-on step is about (stands for the named symbol). */
  subject?: string;
}

/** A symbol the task names that the project declares ("tests for urgencyScore"). */
export function namedSymbol(ctx: PlanContext): string | null {
  for (const token of ctx.tokens) {
    if (token.kind !== 'ident' && token.kind !== 'quoted') continue;
    if (resolveSymbol(token.text, ctx.index).status !== 'missing') return token.text;
  }
  return null;
}

/** The values of a vocabulary the task names, in vocabulary order. */
export function pickVocabulary(
  ctx: Pick<PlanContext, 'words' | 'text'>,
  vocabulary: VocabularyEntry[],
  chosenIntents: string[] = [],
): string[] {
  return vocabulary
    .filter((v) => v.phrases.some((p) => hasPhrase(ctx.words, p)) || (v.patterns ?? []).some((re) => new RegExp(re, 'i').test(ctx.text)))
    .filter((v) => v.unlessIntent === undefined || !chosenIntents.includes(v.unlessIntent))
    .map((v) => v.value);
}

export function getPath(input: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), input);
}

function setPath(input: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = input;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

const holds = (value: unknown, wanted: string | undefined): boolean =>
  wanted === undefined ? value !== undefined : Array.isArray(value) ? value.includes(wanted) : value === wanted;

/** The "typecheck"/"tests" checks a task names alone; null when it names both or neither. */
function checksOf(ctx: PlanContext): string[] | null {
  const types = ['type check', 'typecheck', 'types', 'compile'].some((p) => hasPhrase(ctx.words, p));
  const tests = hasPhrase(ctx.words, 'test') || hasPhrase(ctx.words, 'spec');
  return types && !tests ? ['typecheck'] : tests && !types ? ['tests'] : null;
}

function valueOf(
  ctx: PlanContext,
  source: FieldSource,
  input: Record<string, unknown>,
  options: FillOptions & { hasPart: boolean },
): unknown {
  const chosen = ctx.intents.map((m) => m.intent.id);
  switch (source.from) {
    case 'vocabulary': {
      const values = pickVocabulary(ctx, source.vocabulary, chosen);
      return values.length > 0 ? values : undefined;
    }
    case 'runner': {
      const project = ctx.index.project.testRunner !== 'none' ? ctx.index.project.testRunner : undefined;
      return pickVocabulary(ctx, source.vocabulary)[0] ?? project;
    }
    case 'framework': {
      const project = ctx.index.project.framework !== 'none' ? ctx.index.project.framework : undefined;
      return pickVocabulary(ctx, source.vocabulary)[0] ?? project;
    }
    case 'threshold': {
      const n = extractThreshold(ctx.text);
      return n !== null && n >= (source.min ?? -Infinity) ? n : undefined;
    }
    case 'count': {
      const n = extractCount(ctx.text);
      return n !== null && n >= (source.min ?? -Infinity) ? n : undefined;
    }
    case 'tests-included':
      return options.scope?.testsIncluded ? source.value : undefined;
    case 'phrase': {
      if (source.ifField !== undefined && !holds(getPath(input, source.ifField), source.ifIncludes)) return undefined;
      const words = source.placesToo ? ctx.tokens.map((t) => t.text.toLowerCase()) : ctx.words;
      return source.phrases.some((p) => hasPhrase(words, p)) ? source.value : undefined;
    }
    case 'symbol':
      // A workflow's part goes to the 'part' field when there is one: it is not the name of one declaration.
      if (options.subject !== undefined) return options.hasPart ? undefined : options.subject;
      return namedSymbol(ctx) ?? undefined;
    case 'part':
      return options.subject !== undefined ? [options.subject] : undefined;
    case 'name':
      return nameAfterMarker(ctx.text, ctx.tokens) ?? undefined;
    case 'task':
      return ctx.text;
    case 'pattern': {
      for (const pattern of source.patterns) {
        const match = new RegExp(pattern, 'i').exec(ctx.text);
        if (match?.[1]) return match[1];
      }
      return source.fallback;
    }
    case 'checks':
      return checksOf(ctx) ?? undefined;
    case 'new-name':
      return options.subject ?? newThingName(ctx, source.kind) ?? source.fallback;
    case 'resource':
      return resourceOf(ctx) ?? source.fallback;
    case 'methods': {
      const methods = methodsOf(ctx.text);
      return methods.length > 0 ? methods : undefined;
    }
    case 'fields': {
      const fields = extractFields(ctx.text);
      return fields.length > 0 ? fields : undefined;
    }
  }
}

const SHOWN = new Set(['vocabulary', 'checks']);

/** The input the fields describe, on top of `base` (the scope's include/exclude). */
export function fillFields(ctx: PlanContext, fields: FieldSource[], base: Record<string, unknown>, options: FillOptions): Filled {
  const input = { ...base };
  const shown: string[] = [];
  let symbol: string | null = null;
  const hasPart = fields.some((f) => f.from === 'part');
  for (const source of fields) {
    const value = valueOf(ctx, source, input, { ...options, hasPart });
    if (value === undefined) continue;
    setPath(input, source.field, value);
    if (source.from === 'symbol') symbol = String(value);
    if (source.from === 'part') symbol = options.subject!;
    if (SHOWN.has(source.from) && Array.isArray(value) && !(source.from === 'vocabulary' && source.shown === false)) {
      shown.push(...(value as string[]).map((v) => v.slice(v.indexOf('/') + 1)));
    }
  }
  return { input, shown, symbol };
}

/** The capability's notes whose conditions hold for the drafted input and the project. */
export function notesFor(ctx: PlanContext, notes: PlanningNote[] | undefined, input: Record<string, unknown>): string[] {
  return (notes ?? [])
    .filter((n) => n.ifField === undefined || holds(getPath(input, n.ifField), n.ifIncludes))
    .filter((n) => n.unlessField === undefined || getPath(input, n.unlessField) === undefined)
    .filter(
      (n) =>
        n.ifProject === undefined ||
        String((ctx.index.project as unknown as Record<string, unknown>)[n.ifProject.key]) === n.ifProject.equals,
    )
    .map((n) => n.text);
}

/** Fills a summary template's {placeholders}; unknown ones are left as written. */
export function renderSummary(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
    .replace(/ {2,}/g, ' ')
    .trimEnd();
}
