import { expect } from 'chai';
import { cacheStats, clearCaches, resetCacheStats } from '../../../core/cache/index.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { loadAnalysisCatalog, runScan } from '../../../core/scan/index.js';
import { adoptSharedParses, parseForSharing } from '../../../core/scan/shared-parse.js';
import { copyFixture } from './sample-project.js';

describe('core/scan: one parse shared by both scan threads', () => {
  before(function () {
    if (!flatParserAvailable()) this.skip();
  });

  it('hands over every source in scope, declarations included, as plain cloneable data', async () => {
    const root = copyFixture();
    const shared = await parseForSharing(root, undefined, ['src/services/**']);
    const paths = shared.map((s) => s.path);
    expect(paths).to.include('src/validation/order-input.ts');
    expect(paths.some((p) => p.startsWith('src/services/'))).to.equal(false);
    const copy = structuredClone(shared);
    expect(copy[0]!.nodes).to.be.instanceOf(Uint32Array);
    expect(copy[0]!.nodes.length % 4).to.equal(0);
  });

  it('a thread that adopted the shared parses parses nothing itself and finds the same', async () => {
    const root = copyFixture();
    const catalog = await loadAnalysisCatalog();
    const checks = ['complexity', 'naming', 'duplication', 'structure'];
    clearCaches();
    const expected = await runScan({ root, checks, catalog, parallel: false });
    const shared = structuredClone(await parseForSharing(root, undefined, undefined));
    // A fresh thread's caches: nothing parsed, nothing memoised; then what the other thread sent.
    clearCaches();
    adoptSharedParses(shared);
    resetCacheStats();
    const again = await runScan({ root, checks, catalog, parallel: false });
    expect(cacheStats().parse.misses).to.equal(0);
    expect(cacheStats().parse.hits).to.be.greaterThan(0);
    expect(again.findings).to.deep.equal(expected.findings);
  });
});
