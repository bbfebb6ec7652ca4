/**
 * ReDoS by pattern: regular expression literals, and `new RegExp('...')`/`RegExp('...')` of a constant
 * string, whose repetitions are ambiguous (./regex-ambiguity.ts). Input that reaches a pattern built
 * at run time is the taint rule security/regex-injection.
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, namedChildren, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';
import { catastrophicBacktracking } from './regex-ambiguity.js';

export function scanRedos(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  for (const n of nodesOfType(file.root, 'regex')) {
    const pattern = n.children.find((c) => c.type === 'regex_pattern');
    if (pattern && repeatsGroup(file.source, pattern.startIndex, pattern.endIndex)) check(file, n, textOf(file, pattern), out);
  }
  if (file.source.includes('RegExp(')) {
    for (const n of nodesOfType(file.root, ['new_expression', 'call_expression'])) {
      const callee = field(n, n.type === 'new_expression' ? 'constructor' : 'function');
      if (!callee || dottedName(file, callee) !== 'RegExp') continue;
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
    ruleId: 'security/redos', range: rangeOf(node),
    message: `/${shown}/ can take exponential time on input that almost matches (${reason}).`,
    data: { pattern: pattern.slice(0, 200), reason },
  });
}
