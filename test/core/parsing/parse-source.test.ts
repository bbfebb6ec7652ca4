import { expect } from 'chai';
import { languageForPath, parseSource } from '../../../core/parsing/index.js';
import { contentHash } from '../../../core/cache/index.js';
import { codeOf } from '../workspace/temp-tree.js';

describe('parsing: tree-sitter by file extension', () => {
  const table: Array<[string, string | null]> = [
    ['a.ts', 'typescript'],
    ['a.mts', 'typescript'],
    ['a.cts', 'typescript'],
    ['a.d.ts', 'typescript'],
    ['a.tsx', 'tsx'],
    ['a.js', 'javascript'],
    ['a.mjs', 'javascript'],
    ['a.cjs', 'javascript'],
    ['A.JSX', 'javascript'],
    ['a.css', null],
    ['Makefile', null],
  ];
  for (const [path, language] of table) {
    it(`maps "${path}" to ${language ?? 'no parser'}`, () => {
      expect(languageForPath(path)).to.equal(language);
    });
  }

  it('refuses a file without a parser with unsupported_language', async () => {
    expect(await codeOf(async () => parseSource('style.css', 'a { }'))).to.equal('unsupported_language');
  });

  it('parses JSX in .jsx (javascript grammar) and .tsx, and type annotations in .ts, without errors', () => {
    const jsx = parseSource('a.jsx', 'const x = <div id="a">{y}</div>;\n');
    const tsx = parseSource('a.tsx', 'const x: number = 1;\nexport const C = () => <p>{x}</p>;\n');
    const ts = parseSource('a.ts', 'interface P { a: string }\nexport function f(p: P): string { return p.a; }\n');
    expect(jsx.language).to.equal('javascript');
    expect(tsx.language).to.equal('tsx');
    for (const file of [jsx, tsx, ts]) expect(file.tree.rootNode.hasError, file.path).to.equal(false);
    expect(jsx.tree.rootNode.descendantsOfType('jsx_element')).to.have.length(1);
    expect(tsx.tree.rootNode.descendantsOfType('jsx_element')).to.have.length(1);
    expect(ts.tree.rootNode.descendantsOfType('interface_declaration')).to.have.length(1);
  });

  it("parses a 100 KB file with non-ASCII text (past the binding's 32 KB string buffer) with exact positions", () => {
    const line = 'const café = "😀 ünïcödé";\n';
    const count = Math.floor(100_000 / line.length);
    const source = line.repeat(count) + 'export const last = 42;\n';
    const file = parseSource('big.ts', source);
    expect(file.tree.rootNode.hasError).to.equal(false);
    expect(file.tree.rootNode.namedChildCount).to.equal(count + 1);
    const last = file.tree.rootNode.lastNamedChild!;
    expect(last.text).to.equal('export const last = 42;');
    expect(last.startPosition).to.deep.equal({ row: count, column: 0 });
    expect(source.slice(last.startIndex, last.endIndex)).to.equal(last.text);
  });

  it('records the sha-256 of the source', () => {
    const file = parseSource('a.js', 'let a = 1;\n');
    expect(file.hash)
      .to.equal(contentHash('let a = 1;\n'))
      .and.match(/^[0-9a-f]{64}$/);
    expect(file.source).to.equal('let a = 1;\n');
    expect(file.path).to.equal('a.js');
  });
});
