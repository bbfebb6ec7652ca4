/**
 * What a bug report says, read from its text: the call (`invoiceTotal({ lines: [] })`, "calling X with
 * Y"), the value it should give ("should return 6", "expected 6", "instead of 6"), the value it gave
 * ("returns 0", "got 0", "actual: 0") and the error it threw (an error headline, "throws TypeError: …").
 * Phrasings live in REPORT_PHRASES (data); values are read as literals, never evaluated.
 */
import { readArguments, readLiteral, type Literal } from './literals.js';

export interface ReportedCall {
  fn: string;
  args: unknown[];
}

export interface ReadReport {
  call: ReportedCall | null;
  /** The arguments the report gives without naming the function (for the function a stack trace names). */
  args: unknown[] | null;
  expected: Literal | null;
  actual: Literal | null;
  thrown: { name: string | null; message: string | null } | null;
}

/** The words that introduce each value, as regular-expression sources (matched case-insensitively, followed by the value). */
export const REPORT_PHRASES = {
  expected: [
    'should (?:have )?(?:return(?:ed)?|be|give|equal|produce)',
    'ought to (?:return|be)',
    'expected(?: value)?(?: to (?:be|return|equal))?:?',
    'instead of',
    'want(?:ed)?',
  ],
  actual: ['(?<!should |to )returns', 'returned', '(?<!should )gives', 'gave', 'got', 'actual(?: value)?:?', 'received:?', 'it is'],
  call: ['calling', 'called', 'call'],
  /** The one argument of the function a stack trace names ("Input: { customer: 'ACME' }"). */
  input: ['input:?', 'payload:?', 'with the (?:argument|input)'],
  /** Its argument list ("Arguments: 2000, 10"). */
  arguments: ['arguments:', 'args:', 'called with'],
} as const;

/** A report is read in its first 20,000 characters, each phrase tried at most 50 times: a long log stays cheap to read. */
const MAX_SCANNED = 20_000;
const MAX_TRIES = 50;
const MAX_LITERAL = 2000;
const IDENTIFIER = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/y;
const HEADLINE = /^\s*(?:Uncaught\s+)?([A-Z][\w$]*(?:Error|Exception))(?:\s*\[[A-Z0-9_]+\])?:\s*(.+?)\s*$/m;
const THROWS = /\bthrows?\s+(?:an?\s+)?([A-Z][\w$]*(?:Error|Exception))\b(?::\s*([^\n]+?))?\s*(?:$|\n)/m;
const STACK_LINE = /^\s*at\s|@\S+:\d+:\d+\s*$/;

/** Where the bracket or string opening at `start` closes (strings, escapes and nesting respected), or -1. */
function closing(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  // A call or value is read within MAX_LITERAL characters: an unclosed bracket in a long log costs no more.
  for (let i = start; i < Math.min(text.length, start + MAX_LITERAL); i += 1) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) {
        quote = null;
        if (depth === 0) return i;
      }
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth += 1;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth -= 1;
      if (depth === 0) return i;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

/** The text inside the parentheses opening at `start`, and the index after them, or null. */
function balanced(text: string, start: number): { inner: string; end: number } | null {
  const end = text[start] === '(' ? closing(text, start) : -1;
  return end < 0 ? null : { inner: text.slice(start + 1, end), end: end + 1 };
}

/** Every `name(literal arguments)` written in the report outside stack-frame lines, in order. */
export function callsIn(text: string): ReportedCall[] {
  const calls: ReportedCall[] = [];
  for (const line of text.slice(0, MAX_SCANNED).split('\n')) {
    if (STACK_LINE.test(line)) continue;
    for (let i = 0; i < line.length; i += 1) {
      if (i > 0 && /[\w$.]/.test(line[i - 1]!)) continue;
      IDENTIFIER.lastIndex = i;
      const name = IDENTIFIER.exec(line);
      if (!name) continue;
      const open = i + name[0].length;
      if (line[open] !== '(') continue;
      const inner = balanced(line, open);
      const args = inner ? readArguments(inner.inner) : null;
      if (inner && args) {
        calls.push({ fn: name[0].split('.').pop()!, args });
        i = inner.end - 1;
      }
    }
  }
  return calls;
}

const WORD_LITERAL = /^(?:true|false|null|undefined|NaN|Infinity|-Infinity)(?![\w$])/;
const NUMBER_LITERAL = /^[-+]?(?:\d+(?:\.\d+)?(?:e[-+]?\d+)?|\.\d+)(?![\w$])/i;

/** The literal at the start of `rest` ("6 but got 0" -> 6, "{ a: 1 }." -> { a: 1 }): one parse, at most. */
export function leadingLiteral(rest: string): { literal: Literal; text: string } | null {
  const line = rest.split('\n', 1)[0]!.slice(0, MAX_LITERAL).trimStart();
  const first = line[0];
  let text: string | null;
  if (first === '"' || first === "'" || first === '`' || first === '[' || first === '{') {
    const end = closing(line, 0);
    text = end < 0 ? null : line.slice(0, end + 1);
  } else {
    text = (WORD_LITERAL.exec(line) ?? NUMBER_LITERAL.exec(line))?.[0] ?? null;
  }
  const literal = text === null ? null : readLiteral(text);
  return literal && text !== null ? { literal, text } : null;
}

function valueAfter(text: string, phrases: readonly string[]): { literal: Literal; text: string } | null {
  let best: { at: number; value: { literal: Literal; text: string } } | null = null;
  for (const phrase of phrases) {
    let tried = 0;
    for (const match of text.slice(0, MAX_SCANNED).matchAll(new RegExp(`\\b(?:${phrase})(?=\\s|$)`, 'gi'))) {
      if ((tried += 1) > MAX_TRIES) break;
      const value = leadingLiteral(text.slice(match.index! + match[0].length));
      if (value && (!best || match.index! < best.at)) best = { at: match.index!, value };
      if (value) break;
    }
  }
  return best?.value ?? null;
}

/** "calling invoiceTotal with { lines: [] } returns …": the function and its arguments after "with". */
function callWith(text: string): ReportedCall | null {
  const pattern = new RegExp(
    `\\b(?:${REPORT_PHRASES.call.join('|')})\\s+([A-Za-z_$][\\w$.]*)(?:\\(\\))?\\s+with\\s+(.+?)(?=\\s+(?:returns?|returned|gives|gave|throws?|threw|crashes|fails|should|but|instead|it)\\b|[.;]?\\s*$)`,
    'im',
  );
  const match = pattern.exec(text);
  if (!match) return null;
  const single = readLiteral(match[2]!);
  if (single) return { fn: match[1]!.split('.').pop()!, args: [single.value] };
  const list = readArguments(match[2]!.replace(/\s+and\s+/g, ', '));
  return list ? { fn: match[1]!.split('.').pop()!, args: list } : null;
}

function argumentsIn(text: string): unknown[] | null {
  for (const phrase of REPORT_PHRASES.arguments) {
    const match = new RegExp(`\\b(?:${phrase})\\s*(.+)$`, 'im').exec(text);
    const list = match ? readArguments(match[1]!.trim().replace(/[.;]$/, '')) : null;
    if (list) return list;
  }
  const input = valueAfter(text, REPORT_PHRASES.input);
  return input ? [input.literal.value] : null;
}

export function readReport(text: string, symbol?: string): ReadReport {
  const calls = callsIn(text);
  const call = (symbol ? calls.find((c) => c.fn === symbol) : calls[0]) ?? callWith(text) ?? null;
  const headline = HEADLINE.exec(text);
  const throwsPhrase = THROWS.exec(text);
  const thrown = headline
    ? { name: headline[1]!, message: headline[2]! }
    : throwsPhrase
      ? { name: throwsPhrase[1]!, message: throwsPhrase[2]?.trim() || null }
      : null;
  // "expected 6" inside an assertion's own output ("Expected values to be strictly equal") is no value: leadingLiteral refuses words.
  const expected = valueAfter(text, REPORT_PHRASES.expected);
  const actual = valueAfter(text, REPORT_PHRASES.actual);
  return { call, args: argumentsIn(text), expected: expected?.literal ?? null, actual: actual?.literal ?? null, thrown };
}
