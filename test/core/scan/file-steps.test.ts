import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { cacheStats, clearCaches, memoIn, resetCacheStats } from '../../../core/cache/index.js';
import type { ParsedFile } from '../../../core/contracts/index.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { parseSourceFlat } from '../../../core/parsing/parse-source.js';
import { expectParses, fileStepsSettled, startFileSteps, type PlannedCheck } from '../../../core/scan/file-steps.js';
import { loadAnalysisCatalog, type AnalysisCatalog } from '../../../core/scan/index.js';
import { syntaxTreeOf, unitOf, withYoungTree } from '../../../core/syntax/index.js';
import { openWorkspace } from '../../../core/workspace/index.js';
import { walkOnce } from '../../../core/workspace/list-files.js';
import { fileMetricsOf } from '../../../capabilities/analysis/complexity/project-report.js';
import { tokensOf } from '../../../capabilities/analysis/duplication/collect-tokens.js';
import { encodedFile } from '../../../capabilities/analysis/duplication/memoised-report.js';
import { importsOf } from '../../../capabilities/analysis/import-graph/import-graph.js';
import { memoisedBuiltin } from '../../../capabilities/analysis/lint/builtin/memoised-builtin.js';
import { memoisedNaming } from '../../../capabilities/analysis/naming/memoised-naming.js';
import { resolveNamingOptions, type NamingInput } from '../../../capabilities/analysis/naming/options.js';
import { memoisedPerformance } from '../../../capabilities/analysis/performance/memoised-performance.js';
import { memoisedSmells } from '../../../capabilities/analysis/smells/memoised-smells.js';
import { resolveSmellOptions, type SmellsInput } from '../../../capabilities/analysis/smells/options.js';
import { fileFactsOf } from '../../../capabilities/analysis/structure/analyze-structure.js';
import { meta as emptyMeta } from '../../support/capabilities/empty.js';
import { complexFunction, makeProject, SIMPLE } from './sample-project.js';

/** Whether the parse cache keeps a shared tree for the file (a young tree is never the shared one). */
function treeKept(file: ParsedFile): boolean {
  return withYoungTree(file, () => syntaxTreeOf(file)) === syntaxTreeOf(file);
}

const EMPTY_MODULE = fileURLToPath(new URL('../../support/capabilities/empty.js', import.meta.url));

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
    const walk = walkOnce();
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
    const walk = walkOnce();
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
    const withoutStep = walkOnce();
    const arrive = expectParses(withoutStep, workspace.root);
    // A check that walks trees (its meta says nothing else) and exports no perFile.
    const noStep: PlannedCheck = { check: { meta: emptyMeta, modulePath: EMPTY_MODULE }, input: {} };
    await startFileSteps(withoutStep, [check('complexity'), noStep]);
    const file = await parsed('src/early.ts');
    arrive(file);
    expect(treeKept(file)).to.equal(true);

    clearCaches();
    const off = walkOnce();
    const arriveOff = expectParses(off, workspace.root);
    await startFileSteps(off, [check('complexity')], false);
    const other = await parsed('src/late.ts');
    arriveOff(other);
    expect(treeKept(other)).to.equal(true);
    resetCacheStats();
    fileMetricsOf({ tools: { memo: memoIn(workspace.root) } }, other);
    expect(cacheStats().memo).to.include({ hits: 0, misses: 1 });
  });

  it('gives every analysis check that walks trees a step, shaped by its planned input', async () => {
    clearCaches();
    const workspace = await openWorkspace({ root: makeProject(FILES) });
    const walk = walkOnce();
    const arrived = expectParses(walk, workspace.root);
    const naming: NamingInput = { conventions: { function: ['snake_case'] } };
    const smells: SmellsInput = { thresholds: { functionLines: 3 } };
    const planned = [...catalog.checks.keys()].map((name) => check(name, name === 'naming' ? naming : name === 'smells' ? smells : {}));
    await startFileSteps(walk, planned);
    const file = await parsed('src/early.ts');
    arrived(file);
    await fileStepsSettled(walk);
    expect(treeKept(file)).to.equal(false);
    resetCacheStats();
    const ctx = { tools: { memo: memoIn(workspace.root) } };
    const unit = unitOf(file);
    memoisedNaming(ctx, unit, resolveNamingOptions(naming));
    memoisedSmells(ctx, unit, resolveSmellOptions(smells));
    memoisedBuiltin(ctx, unit);
    importsOf(ctx, file);
    fileFactsOf(ctx, file);
    // The project has no browser framework: performance's entry is the server-side one.
    memoisedPerformance(ctx, unit, false);
    // Duplication's windows too (jscpd's default of 50 tokens): the clone search is all run() has left.
    encodedFile(ctx, tokensOf(ctx, file), 50);
    expect(cacheStats().memo).to.include({ hits: 8, misses: 0 });
  });

  it("tells a composing check's step which checks the scan runs: quality leaves naming's entries to naming", async () => {
    const namingEntryMade = async (planned: PlannedCheck[]): Promise<boolean> => {
      clearCaches();
      const workspace = await openWorkspace({ root: makeProject(FILES) });
      const walk = walkOnce();
      const arrived = expectParses(walk, workspace.root);
      await startFileSteps(walk, planned);
      const file = await parsed('src/early.ts');
      arrived(file);
      await fileStepsSettled(walk);
      resetCacheStats();
      memoisedNaming({ tools: { memo: memoIn(workspace.root) } }, unitOf(file), resolveNamingOptions({}));
      return cacheStats().memo.hits === 1;
    };
    // Alone, quality scores naming itself: its step makes the default entries.
    expect(await namingEntryMade([check('quality')])).to.equal(true);
    // With naming configured otherwise, quality takes naming's findings: no default entries for nothing.
    const snakeCase: NamingInput = { conventions: { function: ['snake_case'] } };
    expect(await namingEntryMade([check('naming', snakeCase), check('quality')])).to.equal(false);
  });

  it("runs a step that reads the project's facts once they are detected, for the files that came before", async () => {
    clearCaches();
    const workspace = await openWorkspace({ root: makeProject({ ...FILES, 'package.json': '{"dependencies":{"react":"18.0.0"}}' }) });
    const walk = walkOnce();
    const arrived = expectParses(walk, workspace.root);
    const early = await parsed('src/early.ts');
    arrived(early);
    // The detection starts here and cannot be back before the backlog's steps run.
    await startFileSteps(walk, [check('performance')]);
    const late = await parsed('src/late.ts');
    arrived(late);
    await fileStepsSettled(walk);
    resetCacheStats();
    const ctx = { tools: { memo: memoIn(workspace.root) } };
    // React is a browser framework: the entries are the browser ones, made by the steps.
    for (const file of [early, late]) memoisedPerformance(ctx, unitOf(file), true);
    expect(cacheStats().memo).to.include({ hits: 2, misses: 0 });
    expect(treeKept(early) || treeKept(late)).to.equal(false);
  });

  it("skips lint's step when the project has its own ESLint config (run() decides by the permission)", async () => {
    clearCaches();
    const workspace = await openWorkspace({ root: makeProject({ ...FILES, 'eslint.config.js': 'export default [];\n' }) });
    const walk = walkOnce();
    const arrived = expectParses(walk, workspace.root);
    await startFileSteps(walk, [check('lint')]);
    const file = await parsed('src/early.ts');
    arrived(file);
    await fileStepsSettled(walk);
    resetCacheStats();
    memoisedBuiltin({ tools: { memo: memoIn(workspace.root) } }, unitOf(file));
    expect(cacheStats().memo).to.include({ hits: 0, misses: 1 });
  });
});
