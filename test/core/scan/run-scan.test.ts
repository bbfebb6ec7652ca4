import { expect } from 'chai';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import { cacheStats, clearCaches, contentHash, resetCacheStats } from '../../../core/cache/index.js';
import { isAgentdError } from '../../../core/errors/index.js';
import { parseMissed } from '../../../core/parsing/cached-parse.js';
import { flatParserAvailable } from '../../../core/parsing/flat-parser.js';
import { flatTreeOf } from '../../../core/parsing/parsed-file.js';
import { syntaxTreeOf, withYoungTree } from '../../../core/syntax/index.js';
import { configCatalogOf, loadAnalysisCatalog, prefetchSources, runScan, type AnalysisCatalog } from '../../../core/scan/index.js';
import { inputFor, projectSettings } from '../../../core/project-config/index.js';
import { getProjectContext } from '../../../core/project/index.js';
import { run as complexity } from '../../../capabilities/analysis/complexity.js';
import { copyFixture, makeProject, complexFunction, SIMPLE } from './sample-project.js';

describe('core/scan runScan', () => {
  let catalog: AnalysisCatalog;
  before(async () => {
    catalog = await loadAnalysisCatalog();
  });

  it('reports what the capability reports when run on its own with the same input, with the check and a fingerprint on each finding', async () => {
    const root = copyFixture();
    const report = await runScan({ root, checks: ['complexity'], catalog });
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100 } });
    // The scan's input for complexity: agentd's defaults leave test code and generated code out of it.
    const input = inputFor(projectSettings(root, configCatalogOf(catalog)), 'analysis.complexity', {});
    expect(input.exclude).to.include('test/').and.to.include('dist/');
    const alone = await complexity(input, ctx);
    expect(alone.findings!.length).to.be.greaterThan(0);
    const stripped = report.findings.map(({ fingerprint: _f, capability: _c, ...finding }) => finding);
    expect(stripped).to.have.deep.members(alone.findings!);
    expect(report.findings.every((f) => f.capability === 'analysis.complexity' && /^[0-9a-f]{32}$/.test(f.fingerprint))).to.equal(true);
    expect(report.runs).to.have.length(1);
    expect(report.runs[0]).to.include({ capability: 'analysis.complexity', summary: alone.summary, findings: alone.findings!.length });
    expect(report.stats.filesScanned).to.equal(11);
    expect(report.sources['src/services/pricing.ts']).to.contain('priceOrder');
  });

  it('passes include and exclude to every check and counts only the files they cover', async () => {
    const root = copyFixture();
    const report = await runScan({ root, checks: ['complexity'], catalog, exclude: ['src/services/**'] });
    expect(report.findings.map((f) => f.file)).to.not.include('src/services/pricing.ts');
    expect(report.findings.map((f) => f.file)).to.include('src/validation/order-input.ts');
    expect(report.stats.filesScanned).to.equal(9);
  });

  it('prefetchSources starts the parses the checks then find, honouring exclude, and leaves --changed-since scans alone', async function () {
    if (!flatParserAvailable()) this.skip();
    const root = makeProject({ 'src/a.ts': complexFunction('a'), 'src/b.ts': SIMPLE, 'vendor/c.ts': complexFunction('c') });
    clearCaches();
    resetCacheStats();
    await prefetchSources({ root, checks: ['complexity', 'naming'], exclude: ['vendor/**'] });
    // The prefetch itself parses the two files in scope (not the excluded one), before any check runs.
    for (let waited = 0; cacheStats().parse.entries < 2 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(cacheStats().parse.entries).to.equal(2);
    const report = await runScan({ root, checks: ['complexity', 'naming'], catalog, exclude: ['vendor/**'] });
    expect(report.findings.length).to.be.greaterThan(0);
    expect(cacheStats().parse.entries).to.equal(2);
    clearCaches();
    await prefetchSources({ root, checks: ['complexity'], changedSince: 'HEAD' });
    await prefetchSources({ root, checks: ['dependencies'] });
    expect(cacheStats().parse.entries).to.equal(0);
  });

  it('prefetchSources asks the parse threads for tokens and metrics only when a check reads them, itself or through a check it composes', async function () {
    if (!flatParserAvailable()) this.skip();
    const root = makeProject({ 'src/a.ts': complexFunction('a') });
    const file = path.join(realpathSync(root), 'src', 'a.ts');
    const productsAfter = async (checks: string[]): Promise<{ tokens: boolean; metrics: boolean }> => {
      clearCaches();
      await prefetchSources({ root, checks });
      // Joins the prefetch's parse, still under way (it resolves on a later turn of the event loop).
      // Not the cache: the project's detection, started beside it, parses a style sample of the same
      // file without products, and may land first.
      const source = readFileSync(file, 'utf8');
      const parsed = await parseMissed(file, 'src/a.ts', source, contentHash(source));
      const flat = flatTreeOf(parsed);
      // The detection's sample parse must not land in the next round's cleared cache (the prefetch
      // would find it there and start no parse of its own).
      await getProjectContext(root);
      return { tokens: flat?.tokens !== undefined, metrics: flat?.metrics !== undefined };
    };
    expect(await productsAfter(['naming'])).to.deep.equal({ tokens: false, metrics: false });
    expect(await productsAfter(['complexity,naming'])).to.deep.equal({ tokens: false, metrics: true });
    expect(await productsAfter(['smells'])).to.deep.equal({ tokens: false, metrics: true });
    expect(await productsAfter(['duplication'])).to.deep.equal({ tokens: true, metrics: false });
    expect(await productsAfter(['quality'])).to.deep.equal({ tokens: true, metrics: true });
    expect(await productsAfter(['all'])).to.deep.equal({ tokens: true, metrics: true });
    clearCaches();
  });

  it('reports the same with the per-file steps run as the parses arrive as without them', async function () {
    if (!flatParserAvailable()) this.skip();
    const root = copyFixture();
    const checks = ['all'];
    clearCaches();
    // Without a catalog runScan prefetches the parses itself and runs the checks' per-file steps.
    const stepped = await runScan({ root, checks });
    clearCaches();
    const plain = await runScan({ root, checks, catalog });
    expect(stepped.runs.map((r) => [r.capability, r.summary, r.findings])).to.deep.equal(
      plain.runs.map((r) => [r.capability, r.summary, r.findings]),
    );
    expect(stepped.findings).to.deep.equal(plain.findings);
    expect(plain.findings.length).to.be.greaterThan(0);
  });

  it("keeps no file's syntax tree through a scan of every check: each check's run() finds its per-file results made", async function () {
    if (!flatParserAvailable()) this.skip();
    const files = {
      'package.json': '{"name":"steps","dependencies":{"react":"18.0.0"}}',
      'src/a.ts': complexFunction('a'),
      'src/b.ts': SIMPLE,
      'src/c.tsx': 'export function Item(props: { label: string }) {\n  return <li>{props.label}</li>;\n}\n',
      'test/a.test.ts': complexFunction('t'),
    };
    const root = makeProject(files);
    clearCaches();
    const report = await runScan({ root, checks: ['all'], catalog: undefined });
    expect(report.runs.every((r) => !r.error)).to.equal(true);
    // The scan's parses are in the cache: a tree built by any check's run() would be kept with them.
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10 } });
    const { files: parsed } = await ctx.tools.parseMany(Object.keys(files).filter((f) => f !== 'package.json'));
    expect(parsed).to.have.length(4);
    expect(parsed.filter((file) => withYoungTree(file, () => syntaxTreeOf(file)) === syntaxTreeOf(file)).map((f) => f.path)).to.deep.equal(
      [],
    );
  });

  it('refuses an unknown check with a suggestion and the list of checks', async () => {
    const error = await runScan({ root: makeProject({ 'a.ts': SIMPLE }), checks: ['complexty'], catalog }).catch((e: unknown) => e);
    expect(isAgentdError(error) && error.code).to.equal('unknown_capability');
    expect((error as Error).message)
      .to.contain('did you mean "complexity"?')
      .and.to.contain('Available: all, ');
  });

  it('runs every registered analysis check for "all"', async () => {
    const report = await runScan({ root: makeProject({ 'a.ts': SIMPLE }), checks: ['all'], catalog: { ...catalog, broken: new Map() } });
    expect(report.runs.map((r) => r.capability).sort()).to.deep.equal([...catalog.checks.values()].map((c) => c.meta.id).sort());
  });

  it('reports the same findings and runs with the second thread as without it', async () => {
    const root = copyFixture();
    const checks = ['complexity', 'security', 'duplication', 'structure', 'smells', 'quality'].filter((name) => catalog.checks.has(name));
    const together = await runScan({ root, checks, catalog, parallel: true });
    const alone = await runScan({ root, checks, catalog, parallel: false });
    expect(together.runs.map((r) => [r.capability, r.summary, r.findings, r.error])).to.deep.equal(
      alone.runs.map((r) => [r.capability, r.summary, r.findings, r.error]),
    );
    expect(together.findings).to.deep.equal(alone.findings);
    expect(together.findings.length).to.be.greaterThan(0);
  });

  it('cancels a scan whose signal is aborted while both threads run', async () => {
    const controller = new AbortController();
    const root = copyFixture();
    const pending = runScan({
      root,
      checks: ['all'],
      catalog: { ...catalog, broken: new Map() },
      parallel: true,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    const error = await pending.catch((e: unknown) => e);
    expect(isAgentdError(error) && error.code).to.equal('cancelled');
  });

  it('parses each file once across checks and not at all again on a re-scan of unchanged files', async function () {
    const parsing = ['complexity', 'smells', 'naming'].filter((name) => catalog.checks.has(name));
    if (parsing.length < 2) this.skip(); // needs two tree-sitter checks registered
    const root = makeProject({ 'src/a.ts': complexFunction('a'), 'src/b.ts': SIMPLE, 'src/c.ts': complexFunction('c') });
    clearCaches();
    resetCacheStats();
    await runScan({ root, checks: parsing, catalog });
    expect(cacheStats().parse.misses).to.equal(3);
    resetCacheStats();
    writeFileSync(path.join(root, 'src/b.ts'), `${SIMPLE}// touched\n`);
    await runScan({ root, checks: parsing, catalog });
    expect(cacheStats().parse.misses).to.equal(1);
  });

  it('records a check that fails (here: out of tool budget) and still reports the checks before it', async () => {
    const root = makeProject({ 'src/a.ts': complexFunction('a') });
    const alone = await runScan({ root, checks: ['complexity'], catalog, maxToolCalls: 1 });
    expect(alone.runs[0]!.error?.code).to.equal('tool_call_limit');
    expect(alone.findings).to.deep.equal([]);
    const second = ['naming', 'smells'].find((name) => catalog.checks.has(name));
    if (!second) return;
    // complexity runs first (checks run in name order) and spends the budget's two calls: a list and one batched parse.
    const both = await runScan({ root, checks: ['complexity', second], catalog, maxToolCalls: 2 });
    expect(both.runs.map((r) => [r.capability, r.error?.code])).to.deep.equal([
      ['analysis.complexity', undefined],
      [`analysis.${second}`, 'tool_call_limit'],
    ]);
    expect(both.findings.some((f) => f.capability === 'analysis.complexity')).to.equal(true);
  });

  it("refuses input a check's schema rejects before running anything", async () => {
    const error = await runScan({
      root: makeProject({ 'a.ts': SIMPLE }),
      checks: ['complexity'],
      catalog,
      inputs: { 'analysis.complexity': { thresholds: { cyclomatic: -5 } } },
    }).catch((e: unknown) => e);
    expect(isAgentdError(error) && error.code).to.equal('invalid_input');
    expect((error as Error).message).to.contain('analysis.complexity');
  });

  it('limits the scan to files changed since a ref and skips the checks when nothing changed', async () => {
    const { makeRepo, writeFiles } = await import('./sample-project.js');
    const root = makeRepo({ 'src/old.ts': complexFunction('old'), 'src/b.ts': SIMPLE });
    const nothing = await runScan({ root, checks: ['complexity'], catalog, changedSince: 'HEAD' });
    expect(nothing.findings).to.deep.equal([]);
    expect(nothing.runs[0]!.summary).to.equal('No changed files to scan.');
    writeFiles(root, { 'src/new.ts': complexFunction('fresh') });
    const changed = await runScan({ root, checks: ['complexity'], catalog, changedSince: 'HEAD' });
    expect([...new Set(changed.findings.map((f) => f.file))]).to.deep.equal(['src/new.ts']);
    expect(changed.stats.filesScanned).to.equal(1);
  });

  it('with --changed-since reports no finding in an unchanged package.json (a vulnerable dependency the base already had)', async () => {
    const { makeRepo, writeFiles } = await import('./sample-project.js');
    const manifest = JSON.stringify({ name: 'x', version: '1.0.0', dependencies: { lodash: '4.17.15' } }, null, 2);
    const root = makeRepo({ 'package.json': manifest, 'src/a.ts': SIMPLE });
    const full = await runScan({ root, checks: ['security'], catalog });
    expect(full.findings.map((f) => [f.ruleId, f.file])).to.deep.include(['security/vulnerable-dependency', 'package.json']);
    writeFiles(root, { 'src/a.ts': `${SIMPLE}// edited\n` });
    const untouched = await runScan({ root, checks: ['security'], catalog, changedSince: 'HEAD' });
    expect(untouched.findings.filter((f) => f.file === 'package.json')).to.deep.equal([]);
    writeFiles(root, { 'package.json': manifest.replace('"name": "x"', '"name": "y"') });
    const bumped = await runScan({ root, checks: ['security'], catalog, changedSince: 'HEAD' });
    expect(bumped.findings.map((f) => [f.ruleId, f.file])).to.deep.include(['security/vulnerable-dependency', 'package.json']);
  });
});
