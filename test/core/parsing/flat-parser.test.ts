import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { flatParserAvailable, parseFlat, parseParallelism } from '../../../core/parsing/flat-parser.js';
import { flatTreeOf, hasSyntaxError } from '../../../core/parsing/parsed-file.js';
import { parseSource, parseSourceFlat } from '../../../core/parsing/parse-source.js';
import {
  copyTree,
  descendantForIndex,
  nodesOfType,
  startColumnOf,
  startRowOf,
  type SyntaxNode,
  syntaxTreeOf,
  treeFromFlat,
} from '../../../core/syntax/index.js';

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
    out.push(
      `${node.type}|${node.named}|${node.field}|${node.startIndex}-${node.endIndex}|${startRowOf(node)}:${startColumnOf(node)}|${node.children.length}`,
    );
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
      const flats = await Promise.all(
        files.map((file) =>
          parseFlat(file.endsWith('.tsx') ? 'tsx' : /\.[cm]?ts$/.test(file) ? 'typescript' : 'javascript', readFileSync(file, 'utf8')),
        ),
      );
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
        expect([ours.type, ours.startIndex, ours.endIndex], `index ${index}`).to.deep.equal([
          theirs.type,
          theirs.startIndex,
          theirs.endIndex,
        ]);
      }
    });
  });

  describe('its parse queue', () => {
    before(function () {
      if (!flatParserAvailable()) this.skip();
    });

    it('parses one thread less than the machine has cores, and at least one (AGENTD_PARSE_THREADS sets it)', () => {
      const expected = Math.max(1, Math.min(3, os.availableParallelism() - 1));
      const saved = process.env.AGENTD_PARSE_THREADS;
      try {
        delete process.env.AGENTD_PARSE_THREADS;
        expect(parseParallelism()).to.equal(expected);
        process.env.AGENTD_PARSE_THREADS = '5';
        expect(parseParallelism()).to.equal(5);
      } finally {
        if (saved === undefined) delete process.env.AGENTD_PARSE_THREADS;
        else process.env.AGENTD_PARSE_THREADS = saved;
      }
    });

    it('gives each of hundreds of queued parses its own tree, however they finish', async () => {
      const sources = Array.from(
        { length: 400 },
        (_, i) => `export function f${i}(a) {\n${'  a = a + 1;\n'.repeat(i % 37)}  return a * ${i};\n}\n`,
      );
      const flats = await Promise.all(sources.map((source) => parseFlat('javascript', source)));
      flats.forEach((flat, i) => {
        const root = treeFromFlat(flat, sources[i]!);
        expect(root.endIndex, `file ${i}`).to.equal(sources[i]!.length);
        const names = nodesOfType(root, 'function_declaration').map((n) => n.children.find((c) => c.field === 'name')!);
        expect(
          names.map((n) => sources[i]!.slice(n.startIndex, n.endIndex)),
          `file ${i}`,
        ).to.deep.equal([`f${i}`]);
      });
    });

    it('parses one queued first ahead of the parses queued and not started', async () => {
      const big = `const x = [${'1, '.repeat(20000)}];\n`;
      const order: string[] = [];
      const queued = Array.from({ length: 40 }, (_, i) => parseFlat('javascript', big).then(() => order.push(`queued ${i}`)));
      const urgent = parseFlat('javascript', 'export const y = 1;\n', true).then((flat) => {
        order.push('first');
        return flat;
      });
      await Promise.all([...queued, urgent]);
      // The parse threads may have started a few of the queued ones; the rest came after it.
      expect(order.indexOf('first')).to.be.lessThan(parseParallelism() + 2);
      expect(treeFromFlat(await urgent, 'export const y = 1;\n').type).to.equal('program');
    });

    it('lets a worker thread end while its parses are still queued, and a process exit with parses queued', async () => {
      const script = `
        const { Worker } = require('node:worker_threads');
        const source = 'const x = [' + '1, '.repeat(20000) + '];\\n';
        const body = "const { parseFlat } = await import(" + JSON.stringify(${JSON.stringify(pathToFileURL(path.join(REPO, 'dist/core/parsing/flat-parser.js')).href)}) + ");" +
          "for (let i = 0; i < 1000; i++) parseFlat('javascript', " + JSON.stringify(source) + ").catch(() => {});" +
          "process.exit(0);";
        const worker = new Worker('(async () => {' + body + '})()', { eval: true });
        worker.on('exit', async (code) => {
          const { parseFlat } = await import(${JSON.stringify(pathToFileURL(path.join(REPO, 'dist/core/parsing/flat-parser.js')).href)});
          const flat = await parseFlat('javascript', 'let y = 2;\\n');
          console.log('worker exit ' + code + ', parsed after it: ' + (flat.nodes.length > 4));
          for (let i = 0; i < 1000; i++) parseFlat('javascript', source).catch(() => {});
          setTimeout(() => process.exit(0), 20);
        });
      `;
      // Exiting drops the queue: the child would be killed (signal set) if it waited for the 1,000
      // parses still queued (about a minute of parsing on one thread).
      const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 5_000 });
      expect(run.signal).to.equal(null);
      expect(run.stderr).to.equal('');
      expect(run.stdout.trim()).to.equal('worker exit 0, parsed after it: true');
      expect(run.status).to.equal(0);
    });
  });
});
