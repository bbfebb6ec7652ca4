import { expect } from 'chai';
import { clearCaches } from '../../../core/cache/index.js';
import { parsedFiles } from '../../../core/cache/thread-caches.js';
import { parseCachedAsync, parseCachedFirst } from '../../../core/parsing/cached-parse.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { flatTreeOf } from '../../../core/parsing/parsed-file.js';

describe('core/parsing: parseCachedAsync', () => {
  before(function () {
    if (!flatParserAvailable()) this.skip();
  });

  it('parses a file requested twice while its first parse is still running only once', async () => {
    clearCaches();
    const source = 'export function f(a) {\n  return a + 1;\n}\n';
    const [first, second] = await Promise.all([
      parseCachedAsync('/virtual/a.js', 'a.js', source),
      parseCachedAsync('/virtual/a.js', 'a.js', source),
    ]);
    expect(second).to.equal(first);
    // The waiting request under another relative path gets the same parse under its own path.
    const [third, fourth] = await Promise.all([
      parseCachedAsync('/virtual/b.js', 'b.js', source),
      parseCachedAsync('/virtual/b.js', 'src/b.js', source),
    ]);
    expect(fourth.path).to.equal('src/b.js');
    expect(fourth.hash).to.equal(third.hash);
    expect(fourth.source).to.equal(third.source);
  });

  it('parses again once the content changed, even while the old parse is in flight', async () => {
    clearCaches();
    const before = parseCachedAsync('/virtual/c.js', 'c.js', 'const a = 1;\n');
    const after = parseCachedAsync('/virtual/c.js', 'c.js', 'const a = 2;\n');
    const [old, changed] = await Promise.all([before, after]);
    expect(old.source).to.equal('const a = 1;\n');
    expect(changed.source).to.equal('const a = 2;\n');
    expect(changed.hash).to.not.equal(old.hash);
  });

  it('parseCachedFirst parses ahead of a queued parse of the same file, and serves a cached parse without parsing', async () => {
    clearCaches();
    const big = `const x = [${'1, '.repeat(20000)}];\n`;
    const backlog = Array.from({ length: 30 }, (_, i) => parseCachedAsync(`/virtual/q${i}.js`, `q${i}.js`, big));
    const source = 'export const z = 2;\n';
    const queued = parseCachedAsync('/virtual/z.js', 'z.js', source);
    let queuedDone = false;
    void queued.then(() => (queuedDone = true));
    const ahead = await parseCachedFirst('/virtual/z.js', 'z.js', source);
    // Not joined to the queued parse of the same text, which is still behind the backlog.
    expect(queuedDone).to.equal(false);
    expect(ahead.path).to.equal('z.js');
    await Promise.all([...backlog, queued]);
    // Once parsed, the cache's parse is what a later request gets, without parsing again.
    const later = await parseCachedFirst('/virtual/z.js', 'z.js', source);
    expect(later).to.equal(await parseCachedAsync('/virtual/z.js', 'z.js', source));
    expect(later.hash).to.equal(ahead.hash);
  });

  it('parseCachedFirst keeps a parse of the same text that arrived while it ran (it may carry tokens or metrics it did not ask for)', async () => {
    clearCaches();
    const source = 'export function g(a) {\n  return a ? 1 : 2;\n}\n';
    const rich = await parseCachedAsync('/virtual/r.js', 'r.js', source, { tokens: true, metrics: true });
    expect(flatTreeOf(rich)?.tokens).to.not.equal(undefined);
    clearCaches();
    const pending = parseCachedFirst('/virtual/r.js', 'r.js', source);
    // As a scan's prefetched parse landing before the project detection's sample parse is back.
    parsedFiles.set('/virtual/r.js', rich.hash, rich);
    expect(await pending).to.equal(rich);
    expect(parsedFiles.peek('/virtual/r.js', rich.hash)).to.equal(rich);
  });
});
