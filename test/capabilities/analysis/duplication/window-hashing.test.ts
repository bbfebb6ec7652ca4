import { expect } from 'chai';
import { findClones, encodeFile, windowKeys } from '../../../../capabilities/analysis/duplication/find-clones.js';
import { NOT_SEEN, WindowTable } from '../../../../capabilities/analysis/duplication/window-table.js';
import { RepeatFilter } from '../../../../capabilities/analysis/duplication/repeat-filter.js';

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
    out.push(x >>> 1 || 1);
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
    const files = [[...codesOf(20, 12), ...block], [...codesOf(35, 13), ...block, ...codesOf(10, 14)], codesOf(200, 15)].map((c) =>
      encodeFile(c, 50),
    );
    const clones = findClones(files, 50);
    expect(clones).to.deep.equal([{ first: { file: 0, start: 20, end: 100 }, second: { file: 1, start: 35, end: 115 } }]);
  });

  it('maps a first occurrence back to its file across files too short to have a window', () => {
    const block = codesOf(60, 21);
    const files = [codesOf(10, 22), [...codesOf(5, 23), ...block], codesOf(3, 24), [], [...block, ...codesOf(7, 25)]].map((c) =>
      encodeFile(c, 50),
    );
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

describe('capabilities/analysis/duplication RepeatFilter', () => {
  it('admits every window that has a twin, across files, and passes most unique ones by', () => {
    // 40,000 windows with hashes like real ones: positions p and p + 20,000 are equal for p < 1000,
    // and 1000 more windows share their high hash with another but not their low one.
    const lows = Int32Array.from(codesOf(40_000, 41), (c) => c * 3);
    const highs = Int32Array.from(codesOf(40_000, 42), (c) => c * 5);
    for (let p = 0; p < 1000; p++) {
      lows[p + 20_000] = lows[p]!;
      highs[p + 20_000] = highs[p]!;
      highs[p + 30_000] = highs[p]!;
    }
    const cuts = [0, 3, 3, 19_999, 20_001, 40_000];
    const files = cuts.slice(1).map((end, f) => ({ low: lows.subarray(cuts[f], end), high: highs.subarray(cuts[f], end) }));
    const filter = new RepeatFilter(files);
    let admitted = 0;
    for (let p = 0; p < 40_000; p++) {
      const may = filter.mayRepeat(lows[p]!, highs[p]!);
      if (p < 1000 || (p >= 20_000 && p < 21_000)) expect(may).to.equal(true);
      if (may) admitted++;
    }
    expect(admitted).to.be.at.most(filter.admitted);
    expect(admitted).to.be.below(4000);
  });

  it('admits nothing when no window repeats', () => {
    const filter = new RepeatFilter([
      { low: Int32Array.from([1, 2, 3]), high: Int32Array.from([1, 1, 1]) },
      { low: new Int32Array(0), high: new Int32Array(0) },
    ]);
    expect(filter.admitted).to.equal(0);
    expect([1, 2, 3].some((low) => filter.mayRepeat(low, 1))).to.equal(false);
    expect(new RepeatFilter([]).admitted).to.equal(0);
  });
});

describe('capabilities/analysis/duplication findClones order', () => {
  it('pairs a copy with the first window visited, not with an equal one inside an earlier clone', () => {
    // File 0 holds A twice: the second copy is one clone, and its windows are never visited. File 1
    // holds A's tail (windows equal to windows of both copies): it pairs with the first copy.
    const a = codesOf(60, 31);
    const files = [
      [...a, ...codesOf(5, 32), ...a],
      [...codesOf(2, 33), ...a.slice(5)],
    ].map((c) => encodeFile(c, 50));
    expect(findClones(files, 50)).to.deep.equal([
      { first: { file: 0, start: 0, end: 60 }, second: { file: 0, start: 65, end: 125 } },
      { first: { file: 0, start: 5, end: 60 }, second: { file: 1, start: 2, end: 57 } },
    ]);
  });
});
