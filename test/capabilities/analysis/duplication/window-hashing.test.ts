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

  it('maps a first occurrence back to its file across files too short to have a window', () => {
    const block = codesOf(60, 21);
    const files = [codesOf(10, 22), [...codesOf(5, 23), ...block], codesOf(3, 24), [], [...block, ...codesOf(7, 25)]].map((c) => encodeFile(c, 50));
    expect(findClones(files, 50)).to.deep.equal([{ first: { file: 1, start: 5, end: 65 }, second: { file: 4, start: 0, end: 60 } }]);
  });
});

describe('capabilities/analysis/duplication WindowTable', () => {
  it('keeps the first position of a window across growth, telling windows apart by either hash', () => {
    // Windows 0..4999 and their repeats 5000..9999: high and low hashes by position.
    const highs = new Int32Array(10_000);
    const lows = new Int32Array(10_000);
    for (let p = 0; p < 10_000; p++) {
      const i = p % 5000;
      highs[p] = i % 2500;
      lows[p] = Math.floor(i / 2500);
    }
    const table = new WindowTable(4, highs);
    for (let p = 0; p < 5000; p++) expect(table.getOrSet(lows[p]!, p)).to.equal(NOT_SEEN);
    for (let p = 5000; p < 10_000; p++) expect(table.getOrSet(lows[p]!, p)).to.equal(p - 5000);
  });

  it('stores position 0 and negative hashes like any other', () => {
    const table = new WindowTable(1, Int32Array.from([-5, -5, -5]));
    expect(table.getOrSet(-1, 0)).to.equal(NOT_SEEN);
    expect(table.getOrSet(-1, 1)).to.equal(0);
    expect(table.getOrSet(1, 2)).to.equal(NOT_SEEN);
  });
});
