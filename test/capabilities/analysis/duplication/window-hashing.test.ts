import { expect } from 'chai';
import { findClones, encodeFile, windowKeys } from '../../../../capabilities/analysis/duplication/find-clones.js';
import { NOT_SEEN, WindowTable } from '../../../../capabilities/analysis/duplication/window-table.js';

/** The two window hashes computed from scratch (no rolling), as the definition in find-clones.ts states them. */
function directKeys(codes: number[], start: number, size: number): [number, number] {
  let h1 = 0;
  let h2 = 0;
  for (let k = start; k < start + size; k++) {
    h1 = (Math.imul(h1, 1000003) + codes[k]!) | 0;
    h2 = (Math.imul(h2, 999983) + codes[k]!) | 0;
  }
  return [h1, h2];
}

/** Deterministic token codes below 2^31, like interner.ts's. */
function codesOf(count: number, seed: number): number[] {
  const out: number[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push((x >>> 1) || 1);
  }
  return out;
}

describe('capabilities/analysis/duplication window hashing', () => {
  it('rolls to the same hashes a window gets when hashed on its own', () => {
    const codes = codesOf(400, 7);
    const { high, low } = windowKeys(codes, 50);
    expect(high.length).to.equal(351);
    for (let i = 0; i < high.length; i++) expect([high[i], low[i]]).to.deep.equal(directKeys(codes, i, 50));
  });

  it('gives equal windows in different files equal keys and has no window for a file shorter than one', () => {
    const shared = codesOf(60, 3);
    const a = windowKeys([...codesOf(30, 1), ...shared], 50);
    const b = windowKeys([...codesOf(5, 2), ...shared], 50);
    expect([a.high[30], a.low[30]]).to.deep.equal([b.high[5], b.low[5]]);
    expect(windowKeys(codesOf(49, 4), 50).high.length).to.equal(0);
  });

  it('finds a block pasted into two files, paired with its first occurrence', () => {
    const block = codesOf(80, 11);
    const files = [[...codesOf(20, 12), ...block], [...codesOf(35, 13), ...block, ...codesOf(10, 14)], codesOf(200, 15)].map((c) => encodeFile(c, 50));
    const clones = findClones(files, 50);
    expect(clones).to.deep.equal([{ first: { file: 0, start: 20, end: 100 }, second: { file: 1, start: 35, end: 115 } }]);
  });
});

describe('capabilities/analysis/duplication WindowTable', () => {
  it('keeps the first position of a key across growth, telling keys apart by either half', () => {
    const table = new WindowTable(4);
    for (let i = 0; i < 5000; i++) expect(table.getOrSet(i % 2500, Math.floor(i / 2500), 1, i)).to.equal(NOT_SEEN);
    for (let i = 0; i < 5000; i++) {
      const slot = table.getOrSet(i % 2500, Math.floor(i / 2500), 9, 99_999);
      expect(slot).to.not.equal(NOT_SEEN);
      expect([table.fileAt(slot), table.indexAt(slot)]).to.deep.equal([1, i]);
    }
  });

  it('stores file 0 and negative hashes like any other', () => {
    const table = new WindowTable(1);
    expect(table.getOrSet(-5, -1, 0, 0)).to.equal(NOT_SEEN);
    const slot = table.getOrSet(-5, -1, 3, 3);
    expect([table.fileAt(slot), table.indexAt(slot)]).to.deep.equal([0, 0]);
    expect(table.getOrSet(-5, 1, 3, 3)).to.equal(NOT_SEEN);
  });
});
