/**
 * Steps of the refactorings that name a symbol or a range: rename ("rename getUser to fetchUser",
 * "rename file src/a.ts to b.ts"), extract ("extract lines 10-20 of src/x.ts into a function called
 * foo") and move ("move formatPrice from src/a.ts to src/money.ts"). The old name must exist.
 * The strategies 'rename', 'extract-range' and 'move-symbol': each drafts a fixed input shape (docs/agent.md)
 * for the capability whose planning data names it.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import { extractLineRange, nameAfterMarker } from './extract-params.js';
import { wordMatch } from './fuzzy-words.js';
import { didYouMean, question, type BuildOutcome, type PlanContext } from './planning-context.js';
import { normalisePath, resolvePath, resolveSymbol } from './resolve-target.js';
import type { Token } from './task-text.js';
import type { IndexedSymbol, QuestionOutcome } from './types.js';

const NOUNS = new Set([
  'the',
  'a',
  'an',
  'my',
  'function',
  'method',
  'class',
  'type',
  'interface',
  'variable',
  'const',
  'constant',
  'symbol',
  'file',
  'component',
  'hook',
  'enum',
  'declaration',
  'name',
  'of',
  'called',
  'named',
  'it',
]);
const IDENT = /^[A-Za-z_$][\w$]*$/;

function verbIndex(tokens: Token[], verbs: string[]): number {
  return tokens.findIndex((t) => t.kind === 'word' && verbs.some((v) => wordMatch(t.text.toLowerCase(), v) > 0));
}

const isName = (t: Token): boolean => t.kind !== 'number' && !(t.kind === 'word' && NOUNS.has(t.text.toLowerCase()));

/** The "X to Y" pair after the verb: "to", "into", "as", "->", "=>", "→" separate them. */
function namePair(ctx: PlanContext, verbs: string[]): { from: Token | null; to: Token | null } {
  const { tokens, text } = ctx;
  const start = verbIndex(tokens, verbs);
  if (start < 0) return { from: null, to: null };
  for (let i = start + 1; i < tokens.length; i++) {
    const gap = text.slice(tokens[i - 1]!.end, tokens[i]!.start);
    const isWordSeparator = tokens[i]!.kind === 'word' && /^(to|into)$/i.test(tokens[i]!.text);
    if (!isWordSeparator && !/->|=>|→/.test(gap)) continue;
    const before = tokens.slice(start + 1, isWordSeparator ? i : i).filter(isName);
    const after = tokens.slice(isWordSeparator ? i + 1 : i).filter(isName);
    return { from: before[before.length - 1] ?? null, to: after[0] ?? null };
  }
  const rest = tokens.slice(start + 1).filter(isName);
  return { from: rest[0] ?? null, to: null };
}

function symbolQuestion(name: string, ctx: PlanContext, inFile?: string): IndexedSymbol | QuestionOutcome {
  const found = resolveSymbol(name, ctx.index, inFile);
  if (found.status === 'found') return found.symbol;
  if (found.status === 'ambiguous') {
    return question(
      `"${name}" is declared in several files; which one did you mean?`,
      found.options.map((s) => s.file),
      undefined,
    );
  }
  return didYouMean('a declaration named', name, found.suggestions);
}

const isSymbol = (v: IndexedSymbol | QuestionOutcome): v is IndexedSymbol => (v as QuestionOutcome).kind !== 'question';

function fileHint(ctx: PlanContext): string | undefined {
  const m = ctx.mentions.find((x) => x.role === 'scope' && x.resolution.status === 'found' && x.resolution.kind === 'file');
  return m && m.resolution.status === 'found' ? m.resolution.path : undefined;
}

function renameFile(ctx: PlanContext, meta: CapabilityMeta, from: Token, to: Token | null): BuildOutcome {
  const resolved = resolvePath(from.text, ctx.index);
  if (resolved.status === 'missing') return didYouMean('a file named', from.text, resolved.suggestions);
  if (resolved.status === 'ambiguous')
    return question(`"${from.text}" matches several files; which one did you mean?`, resolved.options, from.text);
  if (!to) return question(`What should "${resolved.path}" be renamed to?`, []);
  const newFileName = normalisePath(to.text);
  return {
    steps: [
      {
        capability: meta.id,
        input: { file: resolved.path, newFileName },
        target: resolved.path,
        summary: `Rename file ${resolved.path} to ${newFileName}, updating every import`,
      },
    ],
    notes: [],
  };
}

export function buildRename(ctx: PlanContext, meta: CapabilityMeta): BuildOutcome {
  const { from, to } = namePair(ctx, ['rename', 'change']);
  if (!from) return question('What should I rename, and to what? For example: rename getUser to fetchUser.', []);
  if (from.kind === 'path' || /\.[a-z]{1,4}$/i.test(from.text) || ctx.words.includes('file')) {
    if (from.kind === 'path' || resolvePath(from.text, ctx.index).status !== 'missing') return renameFile(ctx, meta, from, to);
  }
  const symbol = symbolQuestion(from.text, ctx, fileHint(ctx));
  if (!isSymbol(symbol)) return symbol;
  if (!to) return question(`What should "${symbol.name}" be renamed to?`, []);
  if (!IDENT.test(to.text)) return question(`"${to.text}" is not a valid name for "${symbol.name}"; what should it be called?`, []);
  const notes = ctx.index.symbols.some((s) => s.name === to.text && s.file === symbol.file)
    ? [`"${to.text}" is already declared in ${symbol.file}; ${meta.id} refuses a rename that would collide.`]
    : [];
  return {
    steps: [
      {
        capability: meta.id,
        input: { file: symbol.file, symbol: symbol.name, line: symbol.line, newName: to.text },
        target: `${symbol.file}#${symbol.name}`,
        summary: `Rename ${symbol.kind} ${symbol.name} (${symbol.file}:${symbol.line}) to ${to.text} across the project`,
      },
    ],
    notes,
  };
}

const EXTRACT_NAME =
  /\b(?:into|as)\s+(?:an?\s+)?(?:new\s+)?(?:(?:helper|function|method)\s+)?(?:called\s+|named\s+)?[`'"]?([A-Za-z_$][\w$]*)/i;

export function buildExtract(ctx: PlanContext, meta: CapabilityMeta): BuildOutcome {
  const file = fileHint(ctx);
  const missing = ctx.mentions.find((m) => m.role === 'scope' && m.resolution.status !== 'found');
  if (missing && missing.resolution.status === 'missing') return didYouMean('a file named', missing.text, missing.resolution.suggestions);
  if (!file)
    return question('Which file should I extract from? For example: extract lines 10-20 of src/app.ts into a function called setup.', []);
  const range = extractLineRange(ctx.text);
  if (!range) return question(`Which lines of ${file} should I extract? For example: lines 10-20.`, []);
  const lines = ctx.index.lineCounts[file];
  if (lines !== undefined && range.end > lines)
    return question(`${file} has ${lines} lines, so lines ${range.start}-${range.end} do not exist; which lines should I extract?`, []);
  const fromInto = EXTRACT_NAME.exec(ctx.text)?.[1];
  const name =
    nameAfterMarker(ctx.text, ctx.tokens) ?? (fromInto && !/^(a|an|the|function|method|helper|new)$/i.test(fromInto) ? fromInto : null);
  if (!name) return question(`What should the function extracted from lines ${range.start}-${range.end} of ${file} be called?`, []);
  return {
    steps: [
      {
        capability: meta.id,
        input: { file, startLine: range.start, endLine: range.end, name },
        target: file,
        summary: `Extract lines ${range.start}-${range.end} of ${file} into a function ${name}`,
      },
    ],
    notes: [],
  };
}

function destination(ctx: PlanContext, source: string): string | null {
  const mention = ctx.mentions.find((m) => m.role === 'destination');
  if (!mention) return null;
  let to = normalisePath(mention.text);
  if (!to.includes('/')) to = `${source.slice(0, source.lastIndexOf('/') + 1)}${to}`;
  if (!/\.[a-z]+$/i.test(to)) to += source.slice(source.lastIndexOf('.'));
  return to;
}

export function buildMove(ctx: PlanContext, meta: CapabilityMeta): BuildOutcome {
  const start = verbIndex(ctx.tokens, ['move', 'relocate']);
  const candidate = ctx.tokens.slice(start + 1).find((t) => isName(t) && t.kind !== 'path' && !/^(from|to|into)$/i.test(t.text));
  if (!candidate) return question('What should I move, and where? For example: move formatPrice from src/a.ts to src/money.ts.', []);
  const from = fileHint(ctx);
  const fromMissing = ctx.mentions.find((m) => m.role === 'scope' && m.resolution.status === 'missing');
  if (fromMissing && fromMissing.resolution.status === 'missing') {
    const declared = resolveSymbol(candidate.text, ctx.index);
    const options = declared.status === 'found' ? [declared.symbol.file] : fromMissing.resolution.suggestions;
    return didYouMean('a file named', fromMissing.text, options);
  }
  const symbol = symbolQuestion(candidate.text, ctx, from);
  if (!isSymbol(symbol)) return symbol;
  if (from && symbol.file !== from)
    return question(`"${symbol.name}" is declared in ${symbol.file}, not in ${from}; did you mean ${symbol.file}?`, [symbol.file], from);
  const to = destination(ctx, symbol.file);
  if (!to) return question(`Which module should "${symbol.name}" move to?`, []);
  return {
    steps: [
      {
        capability: meta.id,
        input: { file: symbol.file, symbol: symbol.name, to },
        target: `${symbol.file}#${symbol.name}`,
        summary: `Move ${symbol.name} from ${symbol.file} to ${to}, updating every import`,
      },
    ],
    notes: ctx.index.files.includes(to) ? [] : [`${to} does not exist yet; ${meta.id} creates it.`],
  };
}
