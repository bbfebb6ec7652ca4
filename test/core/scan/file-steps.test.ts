import { expect } from 'chai';
import { cacheStats, clearCaches, memoIn, resetCacheStats } from '../../../core/cache/index.js';
import type { ParsedFile, RegisteredCapability } from '../../../core/contracts/index.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { parseSourceFlat } from '../../../core/parsing/parse-source.js';
import { expectParses, startFileSteps } from '../../../core/scan/file-steps.js';
import { loadAnalysisCatalog, type AnalysisCatalog } from '../../../core/scan/index.js';
import { syntaxTreeOf, withYoungTree } from '../../../core/syntax/index.js';
import { fileMetricsOf } from '../../../capabilities/analysis/complexity/project-report.js';
import { tokensOf } from '../../../capabilities/analysis/duplication/collect-tokens.js';
import { complexFunction, SIMPLE, tempDir } from './sample-project.js';

/** Whether the parse cache keeps a shared tree for the file (a young tree is never the shared one). */
function treeKept(file: ParsedFile): boolean {
  return withYoungTree(file, () => syntaxTreeOf(file)) === syntaxTreeOf(file);
}

describe('core/scan per-file steps', () => {
  let catalog: AnalysisCatalog;
  const check = (name: string): RegisteredCapability => catalog.checks.get(name)!;
  before(async function () {
    if (!flatParserAvailable()) this.skip();
    catalog = await loadAnalysisCatalog();
  });

  it("runs each selected check's per-file step for files parsed before and after the checks are known, and keeps no tree", async () => {
    clearCaches();
    const root = tempDir();
    const walk = {};
    const arrived = expectParses(walk, root);
    const early = await parseSourceFlat('src/early.ts', complexFunction('early'));
    arrived(early); // waits: the checks are not known yet
    await startFileSteps(walk, [check('complexity'), check('duplication'), check('security')]);
    const late = await parseSourceFlat('src/late.ts', SIMPLE);
    arrived(late);
    resetCacheStats();
    const ctx = { tools: { memo: memoIn(root) } };
    for (const file of [early, late]) {
      expect(fileMetricsOf(ctx, file).functions).to.have.length(1);
      expect(tokensOf(ctx, file).tokens.ids.length).to.be.greaterThan(0);
    }
    // Every result run() reads was made by the steps: four lookups, four hits.
    expect(cacheStats().memo).to.include({ hits: 4, misses: 0 });
    expect(treeKept(early) || treeKept(late)).to.equal(false);
  });

  it('keeps the trees when a selected check has no per-file step, and only keeps them when steps are off', async () => {
    clearCaches();
    const root = tempDir();
    const withNaming = {};
    const arrive = expectParses(withNaming, root);
    await startFileSteps(withNaming, [check('complexity'), check('naming')]);
    const file = await parseSourceFlat('src/a.ts', complexFunction('a'));
    arrive(file);
    expect(treeKept(file)).to.equal(true);

    const off = {};
    const arriveOff = expectParses(off, root);
    await startFileSteps(off, [check('complexity')], false);
    const other = await parseSourceFlat('src/b.ts', complexFunction('b'));
    arriveOff(other);
    expect(treeKept(other)).to.equal(true);
    resetCacheStats();
    fileMetricsOf({ tools: { memo: memoIn(root) } }, other);
    expect(cacheStats().memo).to.include({ hits: 0, misses: 1 });
  });
});
