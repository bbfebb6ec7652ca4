import { expect } from 'chai';
import { parseSource } from '../../../../core/parsing/index.js';
import { tokenize, TOKEN_KIND } from '../../../../capabilities/analysis/duplication/tokenize.js';
import { tokenCode } from '../../../../capabilities/analysis/duplication/interner.js';
import { SliceInterner } from '../../../../capabilities/analysis/duplication/slice-interner.js';

describe('capabilities/analysis/duplication SliceInterner', () => {
  it('gives equal ranges one id, different ones another, and each its token code', () => {
    const source = 'alpha beta alpha alphabet beta';
    const interner = new SliceInterner(source, 1);
    const ranges: [number, number][] = [[0, 5], [6, 10], [11, 16], [17, 25], [26, 30], [17, 22]];
    const ids = ranges.map(([start, end]) => {
      const id = interner.intern(start, end);
      expect(interner.code).to.equal(tokenCode(source.slice(start, end)));
      return id;
    });
    expect(ids).to.deep.equal([0, 1, 0, 2, 1, 0]);
    expect(interner.texts).to.deep.equal(['alpha', 'beta', 'alphabet']);
  });

  it('keeps ids apart across growth', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const source = [...words, ...words].join(' ');
    const interner = new SliceInterner(source, 1);
    const ids: number[] = [];
    for (let start = 0; start < source.length; ) {
      const end = source.indexOf(' ', start) === -1 ? source.length : source.indexOf(' ', start);
      ids.push(interner.intern(start, end));
      start = end + 1;
    }
    expect(ids).to.deep.equal([...words.keys(), ...words.keys()]);
    expect(interner.texts).to.deep.equal(words);
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
