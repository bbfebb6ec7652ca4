/**
 * testing.run on the mocha and node:test fixture projects: every test with its title path, file, line,
 * status, duration and failure; filters by file and title; compared with the runner's own report run
 * directly; without the project-code permission nothing runs and the step says so (notRun).
 */
import { expect } from 'chai';
import path from 'node:path';
import { AgentdError, type TestCase } from '../../../core/index.js';
import { copyOf, removeCopies, repo, runDirect, runOn } from './project-copy.js';

interface RunData {
  runner: string;
  command: string;
  totals: { passed: number; failed: number; skipped: number; todo: number };
  tests: TestCase[];
  exitCode: number;
}

const byTitle = (tests: TestCase[], title: string): TestCase => {
  const found = tests.find((t) => t.titlePath[t.titlePath.length - 1] === title);
  expect(found, title).to.not.equal(undefined);
  return found!;
};

describe('capabilities/testing/run', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('mocha: every test with title path, file:line, status, duration and the failure with expected/actual', async () => {
    const root = await copyOf('mocha-project');
    const result = await runOn('testing.run', root, {}, { projectCode: true });
    const data = result.data as RunData;
    expect(data.runner).to.equal('mocha');
    expect(data.command).to.equal('mocha test/**/*.test.js');
    expect(data.totals).to.deep.equal({ passed: 4, failed: 1, skipped: 1, todo: 0 });
    expect(data.exitCode).to.equal(1);
    const multiplies = byTitle(data.tests, 'multiplies price by quantity');
    expect(multiplies).to.deep.include({
      id: 'test/cart.test.js › cart lineTotal multiplies price by quantity',
      titlePath: ['cart', 'lineTotal', 'multiplies price by quantity'],
      file: 'test/cart.test.js',
      line: 6,
      status: 'passed',
    });
    expect(multiplies.durationMs).to.be.a('number');
    const failed = byTitle(data.tests, 'labels one item in the plural');
    expect(failed).to.deep.include({
      status: 'failed',
      line: 19,
      failureAt: 'test/cart.test.js:20',
      expected: '1 items',
      actual: '1 item',
    });
    expect(failed.message).to.include('Expected values to be strictly equal');
    expect(byTitle(data.tests, 'applies TENOFF').status).to.equal('skipped');
    expect(result.findings).to.have.length(1);
    expect(result.findings![0]).to.deep.include({ ruleId: 'testing/failed-test', file: 'test/cart.test.js', severity: 'high' });
    expect(result.findings![0]!.range.startLine).to.equal(20);
    expect(result.summary).to.match(
      /^mocha \(mocha test\/\*\*\/\*\.test\.js\): 6 test\(s\), 4 passed, 1 failed, 1 skipped in [\d.]+ s\. First failure: "cart › labels one item in the plural"/,
    );
    expect(result.notRun).to.equal(undefined);
  });

  it("mocha: the same tests and states as mocha's own JSON reporter run directly", async () => {
    const root = await copyOf('mocha-project');
    const data = (await runOn('testing.run', root, {}, { projectCode: true })).data as RunData;
    const direct = await runDirect(root, process.execPath, [
      path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js'),
      '--reporter',
      'json',
      'test/**/*.test.js',
    ]);
    const report = JSON.parse(direct.stdout) as {
      passes: { fullTitle: string }[];
      failures: { fullTitle: string }[];
      pending: { fullTitle: string }[];
    };
    const states = (status: string): string[] =>
      data.tests
        .filter((t) => t.status === status)
        .map((t) => t.titlePath.join(' '))
        .sort();
    expect(states('passed')).to.deep.equal(report.passes.map((t) => t.fullTitle).sort());
    expect(states('failed')).to.deep.equal(report.failures.map((t) => t.fullTitle).sort());
    expect(states('skipped')).to.deep.equal(report.pending.map((t) => t.fullTitle).sort());
    expect(data.exitCode).to.equal(direct.code);
  });

  it('filters by file and by title', async () => {
    const root = await copyOf('mocha-project');
    const onlyFile = (await runOn('testing.run', root, { files: ['test/shipping.test.js'] }, { projectCode: true })).data as RunData;
    expect(onlyFile.tests.map((t) => t.id)).to.deep.equal(['test/shipping.test.js › shipping costs 4.5 under five kilos']);
    expect(onlyFile.exitCode).to.equal(0);
    const onlyTitle = (await runOn('testing.run', root, { title: 'lineTotal' }, { projectCode: true })).data as RunData;
    expect(onlyTitle.tests.map((t) => t.titlePath.join(' › '))).to.deep.equal([
      'cart › lineTotal › multiplies price by quantity',
      'cart › lineTotal › refuses a negative quantity',
    ]);
    expect(onlyTitle.totals).to.deep.equal({ passed: 2, failed: 0, skipped: 0, todo: 0 });
  });

  it('a compound test script (lint && the runner): runs its runner part per test and names the parts left out', async () => {
    const root = await copyOf('mocha-project');
    const { readFile, writeFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const runner = manifest.scripts.test!;
    manifest.scripts = { lint: 'node -e "process.exit(3)"', spec: runner, test: 'npm run lint && npm run spec' };
    await writeFile(path.join(root, 'package.json'), JSON.stringify(manifest));
    const result = await runOn('testing.run', root, { files: ['test/shipping.test.js'] }, { projectCode: true });
    const data = result.data as RunData & { partsLeftOut: string[] };
    expect(data.tests.map((t) => t.id)).to.deep.equal(['test/shipping.test.js › shipping costs 4.5 under five kilos']);
    expect(data.partsLeftOut).to.deep.equal(['npm run lint']);
    expect(result.summary).to.include('Ran the runner part of the test script; not run: "npm run lint".');
  });

  it("a compound test script's compile step (npm run build && the runner) runs first, and a failing one fails the step saying so", async () => {
    const root = await copyOf('mocha-project');
    const { readFile, writeFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const runner = manifest.scripts.test!;
    const write = (build: string) =>
      writeFile(
        path.join(root, 'package.json'),
        JSON.stringify({ ...manifest, scripts: { build, spec: runner, test: 'npm run build && npm run spec' } }),
      );
    await write('node -e "0"');
    const result = await runOn('testing.run', root, { files: ['test/shipping.test.js'] }, { projectCode: true });
    const data = result.data as RunData & { partsLeftOut: string[]; compileSteps: string[] };
    expect(data.tests.map((t) => t.id)).to.deep.equal(['test/shipping.test.js › shipping costs 4.5 under five kilos']);
    expect(data.compileSteps).to.deep.equal(['npm run build']);
    expect(data.partsLeftOut).to.deep.equal([]);
    expect(result.summary).to.include('Built first with "npm run build" from the test script.');
    await write('node -e "process.exit(3)"');
    const failed = await runOn('testing.run', root, {}, { projectCode: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((failed as AgentdError).code).to.equal('test_run_failed');
    expect((failed as AgentdError).message).to.match(/^The test script's build step "npm run build" failed with exit code 3/);
  });

  it('runs the staged state: a staged fix to the code makes the failing test pass', async () => {
    const root = await copyOf('mocha-project');
    const staged = [
      {
        path: 'lib/cart.js',
        content:
          'export function lineTotal(p, q) { return p * q; }\nexport function discount(t) { return t / 2; }\nexport function label(n) { return `${n} items`; }\n',
      },
    ];
    const data = (await runOn('testing.run', root, { title: 'labels' }, { projectCode: true, staged })).data as RunData;
    expect(data.totals).to.deep.equal({ passed: 1, failed: 0, skipped: 0, todo: 0 });
  });

  it('node:test: suites rebuilt into title paths, declaration lines, skip and the failure location', async () => {
    const root = await copyOf('node-test-project');
    const result = await runOn('testing.run', root, {}, { projectCode: true });
    const data = result.data as RunData;
    expect(data.runner).to.equal('node:test');
    expect(data.command).to.equal('node --test test/');
    expect(data.totals).to.deep.equal({ passed: 2, failed: 1, skipped: 1, todo: 0 });
    expect(byTitle(data.tests, 'joins words with dashes')).to.deep.include({
      id: 'test/text.test.js › text slug joins words with dashes',
      titlePath: ['text', 'slug', 'joins words with dashes'],
      file: 'test/text.test.js',
      line: 7,
      status: 'passed',
    });
    expect(byTitle(data.tests, 'initials of a full name')).to.deep.include({
      titlePath: ['initials of a full name'],
      line: 21,
      status: 'passed',
    });
    expect(byTitle(data.tests, 'keeps short text').status).to.equal('skipped');
    const failed = byTitle(data.tests, 'truncates long text');
    expect(failed).to.deep.include({
      status: 'failed',
      titlePath: ['text', 'truncates long text'],
      failureAt: 'test/text.test.js:13',
      expected: 'abcd',
      actual: 'abc…',
    });
    expect(result.findings!.map((f) => `${f.file}:${f.range.startLine}`)).to.deep.equal(['test/text.test.js:13']);
    const titled = (await runOn('testing.run', root, { title: 'initials' }, { projectCode: true })).data as RunData;
    expect(titled.tests.filter((t) => t.status !== 'skipped').map((t) => t.titlePath.join(' › '))).to.deep.equal([
      'initials of a full name',
    ]);
  });

  it('compiled TypeScript tests: file and lines mapped through the source maps to the .ts source', async () => {
    const root = await copyOf('ts-mocha-project');
    const built = await runDirect(root, process.execPath, [
      path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.json',
    ]);
    expect(built.code, built.stdout).to.equal(0);
    const result = await runOn('testing.run', root, {}, { projectCode: true });
    const data = result.data as RunData;
    expect(data.totals).to.deep.equal({ passed: 1, failed: 1, skipped: 0, todo: 0 });
    expect(byTitle(data.tests, 'keeps a value inside the range')).to.deep.include({
      file: 'test/math.test.ts',
      line: 12,
      ranFrom: 'dist/test/math.test.js',
      status: 'passed',
    });
    expect(byTitle(data.tests, 'raises a value below the range (fails on purpose)')).to.deep.include({
      file: 'test/math.test.ts',
      line: 17,
      failureAt: 'test/math.test.ts:19',
      status: 'failed',
    });
    expect(result.findings!.map((f) => `${f.file}:${f.range.startLine}`)).to.deep.equal(['test/math.test.ts:19']);
  });

  it('without the project-code permission: nothing runs, the step lists what it would run and reports the tests as not run', async () => {
    const root = await copyOf('mocha-project');
    const result = await runOn('testing.run', root, {}, { projectCode: false });
    expect(result.notRun).to.deep.equal([
      {
        part: 'tests',
        reason:
          'project code not allowed ("mocha test/**/*.test.js" runs the project\'s code; allow project code for this workspace to run it)',
      },
    ]);
    expect(result.summary).to.match(
      /^The tests were NOT run: testing\.run would run "mocha test\/\*\*\/\*\.test\.js" \(2 test file\(s\)\)/,
    );
    expect(result.data).to.deep.include({ ran: false, projectCode: false, testFiles: ['test/cart.test.js', 'test/shipping.test.js'] });
    expect(result.findings).to.equal(undefined);
  });

  it('a workspace without tests is refused with no_test_runner', async () => {
    const root = await copyOf('mocha-project');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'x', scripts: { test: 'echo "Error: no test specified" && exit 1' } }),
    );
    const { rm } = await import('node:fs/promises');
    await rm(path.join(root, 'node_modules'));
    await rm(path.join(root, 'test'), { recursive: true });
    const error = await runOn('testing.run', root, {}, { projectCode: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('no_test_runner');
  });
});
