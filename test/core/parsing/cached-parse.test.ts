import { expect } from 'chai';
import { clearCaches } from '../../../core/cache/index.js';
import { parseCachedAsync } from '../../../core/parsing/cached-parse.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';

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
});
