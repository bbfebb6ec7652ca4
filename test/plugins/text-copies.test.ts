/** File texts kept as isolated-vm copies for the crossing (plugins/sandbox/text-copies.ts): content-addressed, dropped with the pool. */
import { expect } from 'chai';
import { isolatedVm } from '../../plugins/sandbox/run-plugin-step.js';
import { dropTextCopies, externalCopyOf, joinedCopyOf, MAX_JOINED_CHARS } from '../../plugins/sandbox/text-copies.js';

describe('plugin sandbox: kept text copies', () => {
  afterEach(() => dropTextCopies());

  it('hands out one copy per text, and a changed text gets its own', () => {
    const ivm = isolatedVm();
    const text = 'x'.repeat(4_000);
    const first = externalCopyOf(ivm, text);
    expect(externalCopyOf(ivm, `${'x'.repeat(2_000)}${'x'.repeat(2_000)}`)).to.equal(first);
    const changed = externalCopyOf(ivm, `${text}y`);
    expect(changed).to.not.equal(first);
    expect(changed.copy()).to.equal(`${text}y`);
    expect(first.copy()).to.equal(text);
  });

  it('releases every copy when dropped: a later request makes a new one', () => {
    const ivm = isolatedVm();
    const text = 'ü'.repeat(3_000);
    const kept = externalCopyOf(ivm, text);
    dropTextCopies();
    expect(() => kept.copy()).to.throw();
    const again = externalCopyOf(ivm, text);
    expect(again).to.not.equal(kept);
    expect(again.copy()).to.equal(text);
  });

  /** What the isolate reads from a joined crossing: each text as its span of its chunk (copied back out here). */
  const textsOf = (joined: { chunks: unknown[]; spans: Uint32Array }): string[] => {
    const ivm = isolatedVm();
    const chunks = joined.chunks.map((chunk) => {
      const isolate = new ivm.Isolate({ memoryLimit: 64 });
      try {
        const context = isolate.createContextSync();
        context.global.setSync('chunk', chunk);
        return context.global.getSync('chunk') as string;
      } finally {
        isolate.dispose();
      }
    });
    return Array.from({ length: joined.spans.length / 3 }, (_, i) =>
      chunks[joined.spans[i * 3]!]!.slice(joined.spans[i * 3 + 1], joined.spans[i * 3 + 2]),
    );
  };

  it('joins many texts into kept copies, found again only for the very same texts in the same order', () => {
    const ivm = isolatedVm();
    const texts = ['a'.repeat(2_000), '', 'ü✓ two-byte', `${'\ud800'}lone`, 'b'.repeat(3_000)];
    expect(textsOf(joinedCopyOf(ivm, texts))).to.deep.equal(texts);
    // Same strings, same order: the kept copies (their chunks cross again; nothing is joined anew).
    expect(textsOf(joinedCopyOf(ivm, [...texts]))).to.deep.equal(texts);
    const changed = [...texts.slice(0, 4), `${texts[4]}!`];
    expect(textsOf(joinedCopyOf(ivm, changed))).to.deep.equal(changed);
    expect(textsOf(joinedCopyOf(ivm, [...texts].reverse()))).to.deep.equal([...texts].reverse());
    expect(textsOf(joinedCopyOf(ivm, []))).to.deep.equal([]);
  });

  it('a list longer than one joined copy crosses as several, each file whole in one', () => {
    const ivm = isolatedVm();
    const third = Math.ceil(MAX_JOINED_CHARS / 3) + 1;
    const texts = ['x', 'y', 'z'].map((c) => c.repeat(third)).concat(['tail']);
    const joined = joinedCopyOf(ivm, texts);
    expect(joined.chunks.length).to.equal(2);
    expect(textsOf(joined)).to.deep.equal(texts);
  });
});
