import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flatTreeOf, syntaxTreeOf } from '../../../../core/index.js';
import { languageForPath, parseSource } from '../../../../core/parsing/index.js';
import { flatParserAvailable } from '../../../../core/parsing/flat-parser.js';
import { parseSourceFlat } from '../../../../core/parsing/parse-source.js';
import { tokenize, tokenizeFlat, tokenizeTree, TOKEN_KIND } from '../../../../capabilities/analysis/duplication/tokenize.js';
import { tokenCode } from '../../../../capabilities/analysis/duplication/interner.js';
import { SliceInterner } from '../../../../capabilities/analysis/duplication/slice-interner.js';

describe('capabilities/analysis/duplication SliceInterner', () => {
  it('gives equal ranges one id, different ones another, and each its token code', () => {
    const source = 'alpha beta alpha alphabet beta';
    const interner = new SliceInterner(source, 1);
    const ranges: [number, number][] = [
      [0, 5],
      [6, 10],
      [11, 16],
      [17, 25],
      [26, 30],
      [17, 22],
    ];
    const ids = ranges.map(([start, end]) => {
      const id = interner.intern(start, end);
      expect(interner.code).to.equal(tokenCode(source.slice(start, end)));
      return id;
    });
    expect(ids).to.deep.equal([0, 1, 0, 2, 1, 0]);
    expect(interner.texts).to.deep.equal(['alpha', 'beta', 'alphabet']);
    interner.release();
  });

  it('keeps ids apart across growth', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const source = [...words, ...words].join(' ');
    const interner = new SliceInterner(source, 1);
    const ids: number[] = [];
    for (let start = 0; start < source.length;) {
      const end = source.indexOf(' ', start) === -1 ? source.length : source.indexOf(' ', start);
      ids.push(interner.intern(start, end));
      start = end + 1;
    }
    expect(ids).to.deep.equal([...words.keys(), ...words.keys()]);
    expect(interner.texts).to.deep.equal(words);
    interner.release();
  });

  it('reuses its tables once released (nothing of the last file left in them), and two at once keep apart', () => {
    const internAll = (interner: SliceInterner, source: string): number[] =>
      source
        .split(' ')
        .reduce<{ at: number; ids: number[] }>(
          (acc, word) => ({ at: acc.at + word.length + 1, ids: [...acc.ids, interner.intern(acc.at, acc.at + word.length)] }),
          { at: 0, ids: [] },
        ).ids;
    const big = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    const first = new SliceInterner(big, 1);
    internAll(first, big);
    first.release();
    first.release(); // once is enough
    // The same tables, grown by the last file: its texts must not answer for this one's.
    const a = new SliceInterner('x y x w1 w0', 1);
    const b = new SliceInterner('w0 w1 w0', 1); // while `a` holds the shared tables: its own
    expect(internAll(a, 'x y x w1 w0')).to.deep.equal([0, 1, 0, 2, 3]);
    expect(internAll(b, 'w0 w1 w0')).to.deep.equal([0, 1, 0]);
    expect(a.texts).to.deep.equal(['x', 'y', 'w1', 'w0']);
    expect(b.texts).to.deep.equal(['w0', 'w1']);
    b.release();
    a.release();
  });
});

describe('capabilities/analysis/duplication tokenize', () => {
  it('gives every token its text, code, kind and place, in source order, for files of any size', () => {
    // Over 4096 tokens, so the shared columns grow; then a small file, so they are reused.
    const big = Array.from({ length: 600 }, (_, i) => `const v${i % 50} = f(${i}, 'x'); // note\n`).join('');
    const small = 'let a = `t ${b}`;\n/* c */ a.b(1);\n';
    for (const source of [big, small, big]) {
      const stream = tokenize(parseSource('sample.js', source));
      const texts = Array.from(stream.ids, (id) => stream.texts[id]!);
      expect(stream.codes.length).to.equal(texts.length);
      texts.forEach((text, i) => expect(stream.codes[i]).to.equal(tokenCode(text)));
      expect(new Set(stream.texts).size).to.equal(stream.texts.length);
      if (source === big) expect(texts.join('')).to.equal(source.replace(/\/\/.*/g, '').replace(/\s+/g, ''));
      expect(stream.lines).to.equal(source.split('\n').length - 1);
    }
    const stream = tokenize(parseSource('sample.js', small));
    const texts = Array.from(stream.ids, (id) => stream.texts[id]!);
    expect(texts).to.deep.equal(['let', 'a', '=', '`', 't ', '${', 'b', '}', '`', ';', 'a', '.', 'b', '(', '1', ')', ';']);
    expect(stream.kinds[1]).to.equal(TOKEN_KIND.identifier);
    expect(stream.kinds[14]).to.equal(TOKEN_KIND.literal);
    // `a.b(1)` on line 2 after the comment: "a" at column 9.
    expect([stream.startLines[10], stream.startColumns[10], stream.endLines[10], stream.endColumns[10]]).to.deep.equal([2, 9, 2, 9]);
  });
});

describe('capabilities/analysis/duplication tokenize from the flat tree', () => {
  const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

  function sourcesUnder(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(full);
      return languageForPath(full) ? [full] : [];
    });
  }

  /**
   * The stream read from the flat array, from the plain tree built from it, from a binding parse, and
   * from the tokens the addon made on its parse thread: all equal.
   */
  async function expectSameStreams(file: string, source: string): Promise<void> {
    const parsed = await parseSourceFlat(file, source);
    const flat = flatTreeOf(parsed);
    expect(flat, file).to.not.equal(undefined);
    expect(flat!.tokens, `${file}: no tokens unless asked`).to.equal(undefined);
    const fromFlat = tokenizeFlat(flat!, source);
    expect(tokenize(parsed), file).to.deep.equal(fromFlat);
    expect(tokenizeTree(syntaxTreeOf(parsed), source), file).to.deep.equal(fromFlat);
    expect(tokenize(parseSource(file, source)), file).to.deep.equal(fromFlat);
    const withTokens = await parseSourceFlat(file, source, undefined, { tokens: true });
    expect(flatTreeOf(withTokens)!.tokens, `${file}: tokens asked for`).to.not.equal(undefined);
    expect(tokenize(withTokens), `${file}: the addon's tokens`).to.deep.equal(fromFlat);
  }

  before(function () {
    if (!flatParserAvailable()) this.skip();
  });

  it('gives the plain-tree stream for every fixture source', async () => {
    const files = sourcesUnder(path.join(repo, 'fixtures'));
    expect(files.length).to.be.above(50);
    for (const file of files) await expectSameStreams(file, readFileSync(file, 'utf8'));
  });

  it('gives the plain-tree stream around templates, JSX text, comments, regexes and syntax errors', async () => {
    const samples: Record<string, string> = {
      'empty.js': '',
      'shebang.js': '#!/usr/bin/env node\nconst a = `x${b + `y${c}`}z` + `plain` + /re[a-z]+/gi; // c\n',
      'view.jsx': 'const v = (\n  <div>\n    text {value}   <b> bold </b>\n  </div>\n);\n/* block */ <!-- html\n',
      'broken.ts': 'function f(a: number {\n  return a +;\n}\nclass { x = ; }\nlet s = "unterminated\n',
      'types.ts': 'type T<U> = { [K in keyof U]?: U[K] };\nlabel: for (const x of y) { #p; break label; }\n',
      // Every character String.prototype.trim takes for space (JSX text of only these is left out), CRLF
      // line ends, characters outside the BMP (two UTF-16 units), a lone newline.
      'spaces.tsx':
        'const v = <p>\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\t\v\f<b>\u2003x\u2003</b>\u200b</p>;\r\nconst e = "\ud83d\ude00" + `\ud83d\ude00${f}`;\r\n',
      'newline.js': '\n',
    };
    for (const [file, source] of Object.entries(samples)) await expectSameStreams(file, source);
  });
});
