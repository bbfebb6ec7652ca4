/**
 * In-source suppressions, like ESLint's disable comments:
 *
 *     // agentd-ignore-next-line security/sql-injection -- the table name comes from a constant
 *     // agentd-ignore-file smells/magic-number, naming/* -- protocol constants, named as the RFC does
 *
 * `next-line` covers findings that start on the next line that is not itself a directive (so two
 * directives may stack above one line); `file` covers the whole file wherever it stands. Rules are
 * ids, `<prefix>/*` or `*`, separated by commas or spaces; the reason follows ` -- `.
 */
import { RULE_PATTERN } from './config-schema.js';

export type DirectiveKind = 'next-line' | 'file';

export interface Directive {
  file: string;
  kind: DirectiveKind;
  /** 1-based line of the comment. */
  line: number;
  /** 1-based column where the comment starts, and where it ends (exclusive), on that line. */
  startColumn: number;
  endColumn: number;
  rules: string[];
  reason?: string;
  /** The line a next-line directive covers. */
  target?: number;
  /** Offsets of the comment in the file's text, and of its whole line (newline included). */
  span: { start: number; end: number; lineStart: number; lineEnd: number };
}

const MARKER = 'agentd-ignore-';
const DIRECTIVE = /(\/\/|\/\*)\s*agentd-ignore-(next-line|file)\b(.*)$/;
const RULE = new RegExp(RULE_PATTERN);

/** True when the line holds a comment that is a directive (whatever its content). */
function isDirectiveLine(text: string): boolean {
  return DIRECTIVE.test(text);
}

function parseLine(file: string, text: string, line: number, offset: number, lineEnd: number): Directive | undefined {
  const match = DIRECTIVE.exec(text);
  if (!match) return undefined;
  let body = match[3]!;
  let end = text.length;
  if (match[1] === '/*') {
    const close = body.indexOf('*/');
    if (close >= 0) {
      end = text.length - (body.length - close - 2);
      body = body.slice(0, close);
    }
  }
  const split = body.indexOf(' -- ');
  const rulesPart = split >= 0 ? body.slice(0, split) : body.replace(/\s+--\s*$/, '');
  const reason = split >= 0 ? body.slice(split + 4).trim() : '';
  return {
    file,
    kind: match[2] as DirectiveKind,
    line,
    startColumn: match.index + 1,
    endColumn: end + 1,
    rules: rulesPart.split(/[\s,]+/).filter(Boolean),
    ...(reason ? { reason } : {}),
    span: { start: offset + match.index, end: offset + end, lineStart: offset, lineEnd },
  };
}

/** Every directive of a file (none, cheaply, when the marker is not in it). */
export function parseDirectives(file: string, source: string): Directive[] {
  if (!source.includes(MARKER)) return [];
  const lines: { text: string; start: number; end: number }[] = [];
  for (let start = 0; start <= source.length;) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline + 1;
    lines.push({ text: source.slice(start, newline < 0 ? source.length : newline).replace(/\r$/, ''), start, end });
    if (newline < 0) break;
    start = end;
  }
  const directives: Directive[] = [];
  lines.forEach((entry, i) => {
    if (!entry.text.includes(MARKER)) return;
    const directive = parseLine(file, entry.text, i + 1, entry.start, entry.end);
    if (!directive) return;
    if (directive.kind === 'next-line') {
      let target = i + 1;
      while (target < lines.length && isDirectiveLine(lines[target]!.text)) target++;
      directive.target = target + 1;
    }
    directives.push(directive);
  });
  return directives;
}

/** What is wrong with a rule entry of a directive's list, if anything (its form; whether a check knows it is asked elsewhere). */
export function malformedRule(rule: string): boolean {
  return !RULE.test(rule);
}
