/**
 * testing.coverage on the fixture projects: the numbers per file and in total equal what c8 reports
 * itself (its json-summary) when run directly on the same project; the functions and branches no test
 * reaches are named; lcov and JSON artifacts use workspace-relative paths; notRun without permission.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from '../../../core/index.js';
import type { FileCoverage, Totals } from '../../../capabilities/testing/coverage/istanbul-coverage.js';
import { copyOf, removeCopies, repo, runDirect, runOn } from './project-copy.js';

interface CoverageData {
  totals: Totals;
  files: FileCoverage[];
  tests: { passed: number; failed: number; skipped: number } | null;
}

type Summary = Record<string, Record<'lines' | 'statements' | 'functions' | 'branches', { total: number; covered: number; pct: number }>>;

const c8 = path.join(repo, 'node_modules', 'c8', 'bin', 'c8.js');
const KEYS = ['lines', 'statements', 'functions', 'branches'] as const;

async function c8Itself(root: string, command: string[]): Promise<Summary> {
  const ran = await runDirect(root, process.execPath, [c8, '--reporter=json-summary', '--all', '--report-dir=c8-direct', ...command]);
  expect(ran.stderr).to.not.include('Error: ');
  return JSON.parse(await readFile(path.join(root, 'c8-direct', 'coverage-summary.json'), 'utf8')) as Summary;
}

function expectSameAsC8(data: CoverageData, summary: Summary, root: string): void {
  const pick = (c: { total: number; covered: number; pct: number }): object => ({ total: c.total, covered: c.covered, pct: c.pct });
  for (const key of KEYS) expect(pick(data.totals[key]), `total ${key}`).to.deep.equal(pick(summary.total![key]));
  const files = Object.keys(summary)
    .filter((k) => k !== 'total')
    .map((k) => path.relative(root, k))
    .sort();
  expect(data.files.map((f) => f.file)).to.deep.equal(files);
  for (const file of data.files) {
    for (const key of KEYS) expect(pick(file[key]), `${file.file} ${key}`).to.deep.equal(pick(summary[path.join(root, file.file)]![key]));
  }
}

describe('capabilities/testing/coverage', function () {
  this.timeout(180_000);
  after(removeCopies);

  it("mocha: per-file line, statement, function and branch coverage equal to c8's own summary of the same tests", async () => {
    const root = await copyOf('mocha-project');
    const result = await runOn('testing.coverage', root, {}, { projectCode: true });
    const data = result.data as CoverageData;
    expectSameAsC8(data, await c8Itself(root, [path.join('node_modules', '.bin', 'mocha'), 'test/**/*.test.js']), root);
    expect(data.tests).to.deep.include({ passed: 4, failed: 1, skipped: 1 });
    const shipping = data.files.find((f) => f.file === 'lib/shipping.js')!;
    expect(shipping.uncoveredFunctions).to.deep.equal([{ name: 'freeShipping', line: 7 }]);
    expect(shipping.functions).to.deep.include({ total: 2, covered: 1, pct: 50 });
    expect(shipping.uncoveredBranches.length).to.be.greaterThan(0);
    expect(result.summary).to.match(
      /^Coverage of 2 file\(s\) under mocha test\/\*\*\/\*\.test\.js: statements [\d.]+%, branches [\d.]+%, functions [\d.]+%, lines [\d.]+%\. Tests: 4 passed, 1 failed, 1 skipped\./,
    );
    const artifacts = Object.fromEntries((result.artifacts as Artifact[]).map((a) => [a.name, a.content]));
    expect(artifacts['lcov.info']).to.include('SF:lib/shipping.js').and.not.include(root);
    expect(Object.keys(JSON.parse(artifacts['coverage-final.json']!) as object).sort()).to.deep.equal(['lib/cart.js', 'lib/shipping.js']);
    expect(artifacts['coverage.txt']).to.include('All files').and.include('lib/shipping.js');
    expect(artifacts['coverage.html'])
      .to.include('<th scope="row">lib/shipping.js</th>')
      .and.include('functions: freeShipping:7')
      .and.not.include('<script');
  });

  it('node:test: the same numbers as c8 run directly, and a file no test loads counts at 0 %', async () => {
    const root = await copyOf('node-test-project');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'src', 'unused.js'), 'export function never(a) {\n  return a ? 1 : 2;\n}\n');
    const data = (await runOn('testing.coverage', root, {}, { projectCode: true })).data as CoverageData;
    expectSameAsC8(data, await c8Itself(root, [process.execPath, '--test', 'test/']), root);
    const unused = data.files.find((f) => f.file === 'src/unused.js')!;
    expect(unused.statements.covered).to.equal(0);
    expect(data.tests).to.deep.include({ passed: 2, failed: 1, skipped: 1 });
  });

  it('without the project-code permission coverage is not measured and the step says so', async () => {
    const root = await copyOf('node-test-project');
    const result = await runOn('testing.coverage', root, {}, { projectCode: false });
    expect(result.summary).to.match(
      /^Coverage was NOT measured \(the tests were not run\): testing\.coverage would run c8 with "node --test test\/"/,
    );
    expect(result.notRun).to.have.length(1);
    expect(result.artifacts).to.equal(undefined);
  });
});
