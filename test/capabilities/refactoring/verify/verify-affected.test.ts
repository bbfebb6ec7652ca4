/**
 * refactoring.verify runs only the affected tests (the test files that import a staged module, directly
 * or through others) on both sides, on a mocha project whose .mocharc.json selects test/**\/*.test.js;
 * anything the import graph cannot follow runs the whole suite and says why.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError } from '../../../../core/index.js';
import { copyOf, fixture, removeCopies, runOn } from '../modernize/sample-copy.js';

const sample = fixture('refactoring-samples', 'verify-affected-tests');

interface Data {
  testSelection?: { files?: string[]; of?: number; reason?: string };
  perTest: Record<string, { before: { passed: number; failed: number }; regressions: { id: string }[] }>;
}

async function edited(root: string, file: string, from: string, to: string): Promise<{ path: string; content: string }> {
  const source = await readFile(path.join(root, file), 'utf8');
  expect(source, file).to.include(from);
  return { path: file, content: source.replace(from, to) };
}

describe('capabilities/refactoring/verify: only the affected tests', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('a change to lib/money.js runs the two test files that reach it (one through lib/invoice.js), not stock', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const staged = [await edited(root, 'lib/money.js', "+ ' ' + currency", "+ ' ' + currency.toUpperCase()")];
    const { result } = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    const data = result.data as Data;
    expect(data.testSelection).to.deep.equal({ files: ['test/invoice.test.js', 'test/money.test.js'], of: 3 });
    expect(data.perTest.tests!.before).to.deep.equal({ passed: 2, failed: 0 });
    expect(result.summary).to.include('2 of 3 test file(s): those importing the staged modules');
    expect(result.summary).to.include('Only the affected tests ran: 2 of 3 test file(s).');
  });

  it('a regression in an affected test still blocks the change, with its name', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const staged = [await edited(root, 'lib/stock.js', 'minimum * 2 - level', 'minimum * 2')];
    const error = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('verification_failed');
    expect((error as AgentdError).message).to.match(
      /^Test "test\/stock\/stock\.test\.js › stock reorders up to twice the minimum" passed before/,
    );
    expect((error as AgentdError).message).to.include('1 of 3 test file(s)');
  });

  it('tests: "all", or a staged file the graph does not follow (package.json), runs every test and says why', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const stock = await edited(root, 'lib/stock.js', 'level < minimum', 'minimum > level');
    const all = await runOn('refactoring.verify', root, { checks: ['tests'], tests: 'all' }, { projectCode: true, staged: [stock] });
    expect((all.result.data as Data).perTest.tests!.before).to.deep.equal({ passed: 4, failed: 0 });
    expect(all.result.summary).to.include('Every test ran: every test was asked for (tests: "all").');
    const pkg = await edited(root, 'package.json', '"private": true', '"private": true,\n  "description": "shop"');
    const widened = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged: [stock, pkg] });
    expect((widened.result.data as Data).testSelection).to.deep.equal({
      reason: 'package.json is not a JS/TS module the import graph follows',
    });
    expect((widened.result.data as Data).perTest.tests!.before).to.deep.equal({ passed: 4, failed: 0 });
  });

  it('a compound test script (lint && the runner) runs its runner part per test, narrowed, and names what it left out', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const scripts = { test: 'npm run lint && npm run spec', lint: 'node -e "process.exit(1)"', spec: 'mocha' };
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'compound', private: true, scripts }));
    const staged = [await edited(root, 'lib/money.js', "+ ' ' + currency", "+ ' ' + currency.toUpperCase()")];
    const { result } = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    const data = result.data as Data & { testScriptLeftOut?: string[] };
    expect(data.testScriptLeftOut).to.deep.equal(['npm run lint']);
    expect(data.testSelection).to.deep.equal({ files: ['test/invoice.test.js', 'test/money.test.js'], of: 3 });
    expect(data.perTest.tests!.before).to.deep.equal({ passed: 2, failed: 0 });
    expect(result.summary).to.include('mocha from the "spec" script that "test" runs; left out: npm run lint');
  });

  it("a compound test script's compile step (npm run build && the runner) runs before the runner, and a failing one fails the check with its output", async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const staged = [await edited(root, 'lib/money.js', "+ ' ' + currency", "+ ' ' + currency.toUpperCase()")];
    const write = (build: string) =>
      writeFile(
        path.join(root, 'package.json'),
        JSON.stringify({ name: 'compiled', private: true, scripts: { test: 'npm run build && npm run spec', build, spec: 'mocha' } }),
      );
    await write("node -e \"require('fs').writeFileSync('built.txt', 'ok')\"");
    const { result } = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    const data = result.data as Data & { testScriptLeftOut?: string[] };
    expect(data.testScriptLeftOut).to.equal(undefined);
    expect(data.perTest.tests!.before).to.deep.equal({ passed: 2, failed: 0 });
    expect(result.summary).to.include('mocha after npm run build from the "spec" script that "test" runs, mocha per test');
    await write('node -e "process.exit(3)"');
    const broken = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    // It failed on both sides (the build, not the change): reported, not blamed on the change.
    expect(broken.result.summary).to.match(/tests \(mocha after npm run build .*\) still fails \(failed before too\)/);
    const after = (broken.result.data as { after: { tests: { exitCode: number; failureLines: string[] } } }).after.tests;
    expect(after.exitCode).to.equal(3);
    expect(after.failureLines[0]).to.equal('npm run build (run before the tests) failed:');
  });
});
