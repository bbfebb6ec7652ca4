import { expect } from 'chai';
import { cacheStats, clearCaches, memoIn, resetCacheStats } from '../../../core/cache/index.js';
import type { ParsedFile } from '../../../core/contracts/index.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { parseSourceFlat } from '../../../core/parsing/parse-source.js';
import { expectParses, startFileSteps, type PlannedCheck } from '../../../core/scan/file-steps.js';
import { loadAnalysisCatalog, type AnalysisCatalog } from '../../../core/scan/index.js';
import { syntaxTreeOf, withYoungTree } from '../../../core/syntax/index.js';
import { openWorkspace } from '../../../core/workspace/index.js';
import { fileMetricsOf } from '../../../capabilities/analysis/complexity/project-report.js';
import { tokensOf } from '../../../capabilities/analysis/duplication/collect-tokens.js';
import { complexFunction, makeProject, SIMPLE } from './sample-project.js';

/** Whether the parse cache keeps a shared tree for the file (a young tree is never the shared one). */
function treeKept(file: ParsedFile): boolean {
  return withYoungTree(file, () => syntaxTreeOf(file)) === syntaxTreeOf(file);
}

const FILES = { 'src/early.ts': complexFunction('early'), 'src/late.ts': SIMPLE, 'test/a.test.ts': complexFunction('t') };

function parsed(path: keyof typeof FILES): Promise<ParsedFile> {
  return parseSourceFlat(path, FILES[path]);
}

describe('core/scan per-file steps', () => {
  let catalog: AnalysisCatalog;
  const check = (name: string, input: PlannedCheck['input'] = {}): PlannedCheck => ({ check: catalog.checks.get(name)!, input });
  before(async function () {
    if (!flatParserAvailable()) this.skip();
    catalog = await loadAnalysisCatalog();
  });

  it("runs each selected check's per-file step for files parsed before and after the checks are known, and keeps no tree", async () => {
    clearCaches();
    const workspace = await openWorkspace({ root: makeProject(FILES) });
    const walk = {};
    const arrived = expectParses(walk, workspace.root);
    const early = await parsed('src/early.ts');
    arrived(early); // waits: the checks are not known yet
    await startFileSteps(walk, [check('complexity'), check('duplication'), check('security')]);
    const late = await parsed('src/late.ts');
    arrived(late);
    resetCacheStats();
    const ctx = { tools: { memo: memoIn(workspace.root) } };
    for (const file of [early, late]) {
      expect(fileMetricsOf(ctx, file).functions).to.have.length(1);
      expect(tokensOf(ctx, file).tokens.ids.length).to.be.greaterThan(0);
    }
    // Every result run() reads was made by the steps: four lookups, four hits.
    expect(cacheStats().memo).to.include({ hits: 4, misses: 0 });
    expect(treeKept(early) || treeKept(late)).to.equal(false);
  });

  it("skips the files a check's input leaves out", async () => {
    clearCaches();
    const workspace = await openWorkspace({ root: makeProject(FILES) });
    const walk = {};
    const arrived = expectParses(walk, workspace.root);
    await startFileSteps(walk, [check('complexity', { exclude: ['test/**'] })]);
    const [source, test] = [await parsed('src/early.ts'), await parsed('test/a.test.ts')];
    arrived(source);
    arrived(test);
    resetCacheStats();
    const ctx = { tools: { memo: memoIn(workspace.root) } };
    fileMetricsOf(ctx, source);
    fileMetricsOf(ctx, test);
    expect(cacheStats().memo).to.include({ hits: 1, misses: 1 });
  });

  it('keeps the trees when a selected check has no per-file step, and only keeps them when steps are off', async () => {
    clearCaches();
    const workspace = await openWorkspace({ root: makeProject(FILES) });
    const withNaming = {};
    const arrive = expectParses(withNaming, workspace.root);
    await startFileSteps(withNaming, [check('complexity'), check('naming')]);
    const file = await parsed('src/early.ts');
    arrive(file);
    expect(treeKept(file)).to.equal(true);

    clearCaches();
    const off = {};
    const arriveOff = expectParses(off, workspace.root);
    await startFileSteps(off, [check('complexity')], false);
    const other = await parsed('src/late.ts');
    arriveOff(other);
    expect(treeKept(other)).to.equal(true);
    resetCacheStats();
    fileMetricsOf({ tools: { memo: memoIn(workspace.root) } }, other);
    expect(cacheStats().memo).to.include({ hits: 0, misses: 1 });
  });
});
