/**
 * ReDoS by pattern: regular expression literals, and `new RegExp('...')`/`RegExp('...')` of a constant
 * string, whose repetitions are ambiguous (./regex-ambiguity.ts). Input that reaches a pattern built
 * at run time is the taint rule security/regex-injection.
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, namedChildren, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import type { RawFinding } from '../raw-finding.js';
import { catastrophicBacktracking } from './regex-ambiguity.js';

export function scanRedos(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  for (const n of nodesOfType(file.root, 'regex')) {
    const pattern = n.children.find((c) => c.type === 'regex_pattern');
    if (pattern && repeatsGroup(file.source, pattern.startIndex, pattern.endIndex)) check(file, n, textOf(file, pattern), out);
  }
  // Touching every call's children costs more than one search of the text.
  if (!file.source.includes('RegExp(')) return out;
  for (const [type, calleeField] of [
    ['new_expression', 'constructor'],
    ['call_expression', 'function'],
  ] as const) {
    for (const n of nodesOfType(file.root, type)) {
      const callee = field(n, calleeField);
      // `RegExp` as the callee, read in place (most calls are something else).
      if (
        callee?.type !== 'identifier' ||
        callee.endIndex - callee.startIndex !== 6 ||
        !file.source.startsWith('RegExp', callee.startIndex)
      )
        continue;
      const first = namedChildren(field(n, 'arguments') ?? n)[0];
      const value = first ? stringValue(file, unwrap(first)) : null;
      if (value !== null) check(file, n, unescapeString(value), out);
    }
  }
  return out;
}

/** A `)` followed by `*`, `+` or `{`: without a repeated group there is nothing to find (no slice of the text). */
function repeatsGroup(source: string, start: number, end: number): boolean {
  for (let i = source.indexOf(')', start); i >= 0 && i < end - 1; i = source.indexOf(')', i + 1)) {
    const next = source.charCodeAt(i + 1);
    if (next === 42 || next === 43 || next === 123) return true;
  }
  return false;
}

/** The pattern a string literal spells (`'\\d+'` is the pattern `\d+`). */
function unescapeString(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function check(file: SourceFile, node: Node, pattern: string, out: RawFinding[]): void {
  const reason = catastrophicBacktracking(pattern);
  if (!reason) return;
  const shown = pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern;
  out.push({
    ruleId: 'security/redos',
    range: rangeOf(node),
    message: `/${shown}/ can take exponential time on input that almost matches (${reason}).`,
    data: { pattern: pattern.slice(0, 200), reason },
  });
}
