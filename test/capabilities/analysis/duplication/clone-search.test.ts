/**
 * The flat-tree addon's clone search (native/clone-search.c) against the JavaScript one
 * (find-clones.ts's searchClones): the same pairs in the same order, on the cases window-hashing.test.ts
 * states, on random streams with pasted blocks, and on every fixture's token streams in both modes;
 * and its window encoder against encode-windows.ts's JavaScript.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addonCloneSearch, addonWindowEncoder, flatParserAvailable } from '../../../../core/parsing/flat-parser.js';
import { languageForPath } from '../../../../core/parsing/index.js';
import { parseSourceFlat } from '../../../../core/parsing/parse-source.js';
import { encodeFile, findClones, searchClones, type EncodedFile } from '../../../../capabilities/analysis/duplication/find-clones.js';
import { encodeWindows } from '../../../../capabilities/analysis/duplication/encode-windows.js';
import { encodeBoth } from '../../../../capabilities/analysis/duplication/interner.js';
import { tokenize } from '../../../../capabilities/analysis/duplication/tokenize.js';

/** Deterministic token codes below 2^31; `alphabet` small makes many windows repeat by chance. */
function codesOf(count: number, seed: number, alphabet = 0): Int32Array {
  const out = new Int32Array(count);
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = alphabet ? (x % alphabet) + 1 : x >>> 1 || 1;
  }
  return out;
}

const join = (...parts: Int32Array[]): Int32Array => Int32Array.from(parts.flatMap((p) => [...p]));

function expectSamePairs(files: EncodedFile[], minTokens: number): number {
  const native = addonCloneSearch()!;
  const fromC = findClones(files, minTokens, undefined, native);
  expect(fromC).to.deep.equal(searchClones(files, minTokens));
  return fromC.length;
}

describe('capabilities/analysis/duplication clone search in the addon', () => {
  before(function () {
    if (!flatParserAvailable()) this.skip();
  });

  it('is the search a scan uses when the addon is built', () => {
    expect(addonCloneSearch()).to.be.a('function');
  });

  it('finds what the JavaScript search finds: pasted blocks, files without windows, copies inside one file', () => {
    const block = codesOf(80, 11);
    const cases: Int32Array[][] = [
      [join(codesOf(20, 12), block), join(codesOf(35, 13), block, codesOf(10, 14)), codesOf(200, 15)],
      [codesOf(10, 22), join(codesOf(5, 23), block), codesOf(3, 24), new Int32Array(0), join(block, codesOf(7, 25))],
      [join(block, codesOf(5, 32), block), join(codesOf(2, 33), block.subarray(5))],
      [],
      [new Int32Array(0)],
    ];
    for (const files of cases)
      expectSamePairs(
        files.map((c) => encodeFile(c, 50)),
        50,
      );
  });

  it('finds the same pairs in thousands of chance repeats, across table growth, for several window sizes', () => {
    // Three codes only: short windows repeat everywhere; 50-token ones only where a block was pasted.
    const block = codesOf(120, 99, 3);
    const files = Array.from({ length: 20 }, (_, f) =>
      f % 5 === 4 ? join(codesOf(300, f + 1, 3), block) : codesOf(1500 + f * 37, f + 1, 3),
    );
    for (const minTokens of [1, 2, 7, 50])
      expect(
        expectSamePairs(
          files.map((c) => encodeFile(c, minTokens)),
          minTokens,
        ),
        `${minTokens}`,
      ).to.be.above(0);
  });

  it("finds the same pairs in every fixture's token streams, exact and renamed", async () => {
    const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
        return languageForPath(full) ? [full] : [];
      });
    const exact: EncodedFile[] = [];
    const renamed: EncodedFile[] = [];
    for (const file of sources(path.join(repo, 'fixtures')).sort()) {
      const codes = encodeBoth(tokenize(await parseSourceFlat(file, readFileSync(file, 'utf8'), undefined, { tokens: true })));
      exact.push(encodeFile(codes.exact, 20));
      renamed.push(encodeFile(codes.renamed, 20));
    }
    expect(expectSamePairs(exact, 20)).to.be.above(0);
    expect(expectSamePairs(renamed, 20)).to.be.above(0);
  });

  it("encodes a file's windows as the JavaScript does, both modes, for streams shorter and longer than a window", async () => {
    const encoder = addonWindowEncoder()!;
    expect(encoder).to.be.a('function');
    const streams = [];
    for (const [file, source] of Object.entries({
      'a.ts': 'const aVeryLongName = 1;\nlet other = "text" + `t${x}` + 42;\nfunction f(a, b) { return a.b(c) + /re/g.test(b); }\n',
      'empty.js': '',
      'short.js': 'x;',
    })) {
      streams.push(tokenize(await parseSourceFlat(file, source, undefined, { tokens: true })));
    }
    for (const stream of streams) {
      for (const minTokens of [1, 3, 10, 50]) {
        const native = encodeWindows(stream, minTokens, encoder);
        const plain = encodeWindows(stream, minTokens, undefined);
        for (const mode of ['exact', 'renamed'] as const) {
          expect(Array.from(native[mode].codes), `${mode} ${minTokens}`).to.deep.equal(Array.from(plain[mode].codes));
          expect([...native[mode].high], `${mode} ${minTokens}`).to.deep.equal([...plain[mode].high]);
          expect([...native[mode].low], `${mode} ${minTokens}`).to.deep.equal([...plain[mode].low]);
        }
      }
    }
  });

  it('refuses windows that do not belong to their codes rather than reading past them', () => {
    const native = addonCloneSearch()!;
    const { high, low } = encodeFile(codesOf(60, 1), 50);
    expect(() => native([[codesOf(40, 1), high, low]], 50)).to.throw(TypeError, /cloneSearch/);
    expect(() => native([[codesOf(60, 1), high, low.subarray(1)]], 50)).to.throw(TypeError, /cloneSearch/);
    expect(() => native([[codesOf(60, 1), high, low]], 0)).to.throw(TypeError, /cloneSearch/);
  });
});
