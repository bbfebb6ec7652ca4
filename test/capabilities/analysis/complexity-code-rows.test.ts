import { expect } from 'chai';
import { parseSource } from '../../../core/parsing/index.js';
import { endRowOf, startRowOf, type SyntaxNode, syntaxTreeOf } from '../../../core/index.js';
import { CodeRows } from '../../../capabilities/analysis/complexity/code-rows.js';
import { measureTree } from '../../../capabilities/analysis/complexity/file-metrics.js';

const SOURCE = [
  'class A {',
  '  static async run(x) { return `one',
  'two ${x}',
  'three`; }',
  '  /* a',
  '     comment */',
  '}',
  '',
  'const s = "x";',
  '',
].join('\n');

function leaves(node: SyntaxNode, out: SyntaxNode[] = []): SyntaxNode[] {
  if (node.children.length === 0) out.push(node);
  for (const child of node.children) leaves(child, out);
  return out;
}

describe('capabilities/analysis/complexity CodeRows', () => {
  it('marks the rows startRowOf/endRowOf give, whatever order the nodes come in', () => {
    const parsed = parseSource('rows.js', SOURCE);
    const nodes = leaves(syntaxTreeOf(parsed));
    const expected = new Set<number>();
    for (const n of nodes) for (let r = startRowOf(n); r <= endRowOf(n); r++) expected.add(r);
    // Source order, then reversed and interleaved: the row cursor has to move both ways.
    for (const order of [nodes, [...nodes].reverse(), nodes.filter((_, i) => i % 2).concat(nodes.filter((_, i) => i % 2 === 0))]) {
      const rows = new CodeRows(SOURCE);
      for (const n of order) rows.mark(n.startIndex, n.endIndex);
      expect(rows.count).to.equal(expected.size);
    }
    expect(new CodeRows(SOURCE).lines).to.equal(SOURCE.split('\n').length);
  });

  it('counts source lines without comment-only rows or blank rows', () => {
    const metrics = measureTree(parseSource('rows.js', SOURCE));
    // Rows 1-4 and 7 and 9 hold code; the comment rows (5, 6) and blank rows do not.
    expect(metrics.sourceLines).to.equal(6);
    expect(metrics.lines).to.equal(SOURCE.split('\n').length);
  });
});
