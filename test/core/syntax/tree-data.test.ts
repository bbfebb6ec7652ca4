import { expect } from 'chai';
import { parseSourceFlat } from '../../../core/parsing/parse-source.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { nodesOfType, perTree, startRowOf, syntaxTreeOf, withYoungTree } from '../../../core/syntax/index.js';

const SOURCE = `export function a(n: number): number {\n  return n + 1;\n}\nexport const b = a(2);\n`;

describe('core/syntax tree data and young trees', () => {
  before(function () {
    if (!flatParserAvailable()) this.skip();
  });

  it('perTree makes a fact once per tree and key, from any node of the tree', async () => {
    const root = syntaxTreeOf(await parseSourceFlat('a.ts', SOURCE));
    const other = syntaxTreeOf(await parseSourceFlat('b.ts', SOURCE));
    const CALLS = {};
    const NAMES = {};
    let made = 0;
    const calls = (node: typeof root): number =>
      perTree(node, CALLS, () => {
        made += 1;
        return nodesOfType(root, 'call_expression').length;
      });
    expect(calls(root)).to.equal(1);
    expect(calls(nodesOfType(root, 'return_statement')[0]!)).to.equal(1);
    expect(made).to.equal(1);
    expect(perTree(root, NAMES, () => 'names')).to.equal('names');
    expect(perTree(other, CALLS, () => -1)).to.equal(-1);
    expect(made).to.equal(1);
  });

  it('withYoungTree hands out a tree the parse cache does not keep, and the shared one once it exists', async () => {
    const parsed = await parseSourceFlat('c.ts', SOURCE);
    const seen = withYoungTree(parsed, () => {
      const first = syntaxTreeOf(parsed);
      expect(syntaxTreeOf(parsed)).to.equal(first);
      // Rows, columns and the by-type index work on it as on a shared tree.
      expect(startRowOf(nodesOfType(first, 'lexical_declaration')[0]!)).to.equal(3);
      return first;
    });
    const shared = syntaxTreeOf(parsed);
    expect(shared).to.not.equal(seen);
    expect(shared.children.map((c) => c.type)).to.deep.equal(seen.children.map((c) => c.type));
    expect(withYoungTree(parsed, () => syntaxTreeOf(parsed))).to.equal(shared);
  });

  it('withYoungTree makes nothing when the function never asks for the tree', async () => {
    const parsed = await parseSourceFlat('d.ts', SOURCE);
    expect(withYoungTree(parsed, () => 42)).to.equal(42);
    expect(withYoungTree(parsed, () => syntaxTreeOf(parsed))).to.not.equal(syntaxTreeOf(parsed));
  });
});
