import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flatParserAvailable, parseFlat } from '../../../core/parsing/flat-parser.js';
import { flatTreeOf, hasSyntaxError } from '../../../core/parsing/parsed-file.js';
import { parseSource, parseSourceFlat } from '../../../core/parsing/parse-source.js';
import { copyTree, descendantForIndex, nodesOfType, syntaxTreeOf, treeFromFlat, type SyntaxNode } from '../../../core/syntax/index.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...sourcesUnder(full));
    else if (/\.(tsx?|jsx?|mjs|cjs)$/.test(entry.name) && statSync(full).size < 100_000) out.push(full);
  }
  return out;
}

/** Every node's type, named flag, field, range and child count, in pre-order. */
function shape(root: SyntaxNode): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(`${node.type}|${node.named}|${node.field}|${node.startIndex}-${node.endIndex}|${node.startRow}:${node.startColumn}|${node.children.length}`);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

// Syntax errors, astral characters (UTF-16 surrogate pairs), CRLF, JSX, TS generics, an empty file,
// a file past the binding's 32 KB string buffer.
const TRICKY: Record<string, string> = {
  'errors.ts': 'function f( {\n  const x = ;\n  return x +\n}\nclass {',
  'astral.js': 'const s = "😀 emoji 𝒳";\r\nconst t = `${s} é`; // 😀\r\nlet u = s.length;\n',
  'view.tsx': 'export function V<T,>(p: { items: T[] }) { return <ul>{p.items.map((i) => <li key={String(i)}>{String(i)}</li>)}</ul>; }\n',
  'empty.js': '',
  'big.js': Array.from({ length: 2500 }, (_, i) => `export const value${i} = compute(${i}, "text ${i}");`).join('\n'),
};

describe('parsing: the flat-tree addon', function () {
  this.timeout(60_000);

  it('is built by the install step (set AGENTD_SKIP_NATIVE=1 to install without it)', function () {
    if (process.env.AGENTD_SKIP_NATIVE === '1') this.skip();
    expect(flatParserAvailable(), 'build/flat-tree.node is missing: run `node scripts/build-native.mjs`').to.equal(true);
  });

  describe('gives exactly the tree the binding gives', () => {
    before(function () {
      if (!flatParserAvailable()) this.skip();
    });

    for (const [name, source] of Object.entries(TRICKY)) {
      it(`for ${name}`, async () => {
        const parsed = await parseSourceFlat(name, source);
        const viaBinding = parseSource(name, source);
        expect(shape(syntaxTreeOf(parsed))).to.deep.equal(shape(copyTree(viaBinding.tree, source)));
        expect(hasSyntaxError(parsed)).to.equal(viaBinding.tree.rootNode.hasError);
      });
    }

    it('for every source file of agentd and its fixtures', async () => {
      const files = [...sourcesUnder(path.join(REPO, 'core')), ...sourcesUnder(path.join(REPO, 'fixtures'))];
      expect(files.length).to.be.greaterThan(100);
      const flats = await Promise.all(files.map((file) => parseFlat(file.endsWith('.tsx') ? 'tsx' : /\.[cm]?ts$/.test(file) ? 'typescript' : 'javascript', readFileSync(file, 'utf8'))));
      files.forEach((file, i) => {
        const source = readFileSync(file, 'utf8');
        expect(shape(treeFromFlat(flats[i]!, source)), file).to.deep.equal(shape(copyTree(parseSource(file, source).tree, source)));
      });
    });

    it('indexes nodes by type while building, in the order a walk would (nodesOfType)', async () => {
      for (const [name, source] of Object.entries(TRICKY)) {
        const built = syntaxTreeOf(await parseSourceFlat(name, source));
        const walked = copyTree(parseSource(name, source).tree, source);
        const types = new Set(shape(walked).map((line) => line.split('|')[0]!));
        for (const type of types) {
          const ranges = (root: SyntaxNode): string[] => nodesOfType(root, type).map((n) => `${n.startIndex}-${n.endIndex}`);
          expect(ranges(built), `${name}: ${type}`).to.deep.equal(ranges(walked));
        }
      }
    });

    it('makes the binding tree only when asked, and then the same one every time', async () => {
      const source = 'import { a } from "./a";\nexport const b = a + 1;\n';
      const parsed = await parseSourceFlat('b.ts', source);
      expect(flatTreeOf(parsed)).to.not.equal(undefined);
      const tree = parsed.tree;
      expect(tree.rootNode.text).to.equal(source);
      expect(parsed.tree).to.equal(tree);
    });

    it('finds the node at an index as the binding does (descendantForIndex)', async () => {
      const source = TRICKY['view.tsx']!;
      const parsed = await parseSourceFlat('view.tsx', source);
      const root = syntaxTreeOf(parsed);
      for (let index = 0; index < source.length; index += 3) {
        const ours = descendantForIndex(root, index);
        const theirs = parsed.tree.rootNode.descendantForIndex(index);
        expect([ours.type, ours.startIndex, ours.endIndex], `index ${index}`).to.deep.equal([theirs.type, theirs.startIndex, theirs.endIndex]);
      }
    });
  });
});
