import { expect } from 'chai';
import { HashedCache, cacheStats, clearCaches, configureCaches, DEFAULT_CACHE_LIMITS, memo } from '../../../core/cache/index.js';
import { parseCached } from '../../../core/parsing/index.js';

describe('cache: parsed files keyed by path and content hash', () => {
  beforeEach(() => clearCaches());
  after(() => configureCaches(DEFAULT_CACHE_LIMITS));

  it('parses an unchanged file once and re-parses it when its content changes', () => {
    const first = parseCached('/w/a.ts', 'a.ts', 'export const a = 1;\n');
    const again = parseCached('/w/a.ts', 'a.ts', 'export const a = 1;\n');
    expect(again).to.equal(first);
    expect(cacheStats().parse).to.include({ hits: 1, misses: 1, entries: 1 });
    const changed = parseCached('/w/a.ts', 'a.ts', 'export const a = 2;\n');
    expect(changed).to.not.equal(first);
    expect(changed.tree.rootNode.text).to.equal('export const a = 2;\n');
    // the changed file replaced the old entry rather than sitting beside it
    expect(cacheStats().parse).to.include({ hits: 1, misses: 2, entries: 1 });
  });

  it('keeps files of different paths apart even with equal content', () => {
    parseCached('/w/a.ts', 'a.ts', 'x;\n');
    const b = parseCached('/w/b.ts', 'b.ts', 'x;\n');
    expect(b.path).to.equal('b.ts');
    expect(cacheStats().parse.entries).to.equal(2);
  });

  it('is bounded by entry count and by approximate bytes', () => {
    configureCaches({ maxParsedFiles: 2 });
    for (const name of ['a', 'b', 'c']) parseCached(`/w/${name}.js`, `${name}.js`, `let ${name};\n`);
    expect(cacheStats().parse.entries).to.equal(2);
    configureCaches({ maxParsedFiles: 100, maxParsedBytes: 50_000 });
    for (const name of ['a', 'b', 'c']) parseCached(`/w/${name}.js`, `${name}.js`, `// ${name}\n${'x;\n'.repeat(1000)}`);
    // each file is estimated at ~30 KB (3 000 chars x 10), so only one fits in 50 KB
    expect(cacheStats().parse.entries).to.equal(1);
    expect(cacheStats().parse.bytes).to.be.at.most(50_000);
  });
});

describe('cache: memo() of derived per-file results', () => {
  beforeEach(() => clearCaches());

  it('computes once per content hash and again when the hash changes', () => {
    let computed = 0;
    const compute = () => ({ n: ++computed });
    expect(memo('complexity:a.ts', 'h1', compute)).to.deep.equal({ n: 1 });
    expect(memo('complexity:a.ts', 'h1', compute)).to.deep.equal({ n: 1 });
    expect(memo('complexity:a.ts', 'h2', compute)).to.deep.equal({ n: 2 });
    expect(cacheStats().memo).to.include({ hits: 1, misses: 2 });
  });

  it('shares a pending promise and forgets a rejected one', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('boom'));
    };
    await memo('k', 'h', failing).catch(() => undefined);
    await memo('k', 'h', failing).catch(() => undefined);
    expect(calls).to.equal(2);
    const ok = memo('k2', 'h', () => Promise.resolve(7));
    expect(memo('k2', 'h', () => Promise.resolve(8))).to.equal(ok);
    expect(await ok).to.equal(7);
  });
});

describe('HashedCache', () => {
  it('treats a lookup with another hash as a miss', () => {
    const cache = new HashedCache<number>({ maxEntries: 10, maxBytes: 0 });
    cache.set('k', 'h1', 1);
    expect(cache.get('k', 'h1')).to.equal(1);
    expect(cache.get('k', 'h2')).to.equal(undefined);
    expect(cache.stats()).to.include({ hits: 1, misses: 1, entries: 1 });
  });

  it('evicts the least recently used entry past its entry bound, with and without a byte bound', () => {
    const byCount = new HashedCache<number>({ maxEntries: 2, maxBytes: 0 });
    const byBoth = new HashedCache<string>({ maxEntries: 2, maxBytes: 1_000, sizeOf: (value) => (value as string).length });
    for (const cache of [byCount, byBoth] as HashedCache<unknown>[]) {
      cache.set('a', 'h', 'x');
      cache.set('b', 'h', 'x');
      expect(cache.get('a', 'h')).to.equal('x'); // a is now the most recently used
      cache.set('c', 'h', 'x');
      expect([cache.get('a', 'h'), cache.get('b', 'h'), cache.get('c', 'h')]).to.deep.equal(['x', undefined, 'x']);
      expect(cache.stats().entries).to.equal(2);
    }
    // The byte bound still holds beside the entry bound.
    byBoth.set('big', 'h', 'y'.repeat(990));
    expect(byBoth.get('big', 'h')).to.have.length(990);
    expect(byBoth.stats().bytes).to.be.at.most(1_000);
  });

  it('grows past its first tables without losing an entry or the order of use, up to its entry bound', () => {
    const cache = new HashedCache<number>({ maxEntries: 20_000, maxBytes: 0 });
    for (let i = 0; i < 20_000; i++) cache.set(`k${i}`, 'h', i);
    expect(cache.stats().entries).to.equal(20_000);
    expect(cache.get('k0', 'h')).to.equal(0); // k0 is now the most recently used, k1 the least
    cache.set('k20000', 'h', 20_000);
    expect(cache.stats().entries).to.equal(20_000);
    expect([cache.get('k0', 'h'), cache.get('k1', 'h'), cache.get('k2', 'h'), cache.get('k20000', 'h')]).to.deep.equal([
      0,
      undefined,
      2,
      20_000,
    ]);
    const sized = new HashedCache<string>({ maxEntries: 10_000, maxBytes: 6_000, sizeOf: (value) => (value as string).length });
    for (let i = 0; i < 5_000; i++) sized.set(`k${i}`, 'h', 'x');
    expect(sized.stats()).to.include({ entries: 5_000, bytes: 5_000 });
    sized.set('big', 'h', 'y'.repeat(2_000));
    expect(sized.stats().bytes).to.be.at.most(6_000);
    expect(sized.get('big', 'h')).to.have.length(2_000);
    expect(sized.get('k0', 'h')).to.equal(undefined); // the least recently used went first
  });
});
