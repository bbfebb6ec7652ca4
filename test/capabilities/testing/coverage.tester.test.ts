/** testing.coverage's tester suite: a fully covered sample, the fixture's untested function named, nothing measured without the permission, no runner refused, input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester, type CaseOutcome } from '../../../core/tester/index.js';
import type { FileCoverage, Totals } from '../../../capabilities/testing/coverage/istanbul-coverage.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

// testing.coverage reports numbers, never findings: what is not covered is asserted on the step's data.
const MOCHA = { fixture: fixturePath('testing', 'mocha-project'), nodeModules: path.join(REPO, 'node_modules') };
const COVERED = {
  'package.json': JSON.stringify({ name: 'covered', type: 'module', scripts: { test: 'node --test test/' } }),
  'src/sum.js': 'export function sum(a, b) {\n  return a + b;\n}\n',
  'test/sum.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '../src/sum.js';\n\ntest('adds', () => assert.equal(sum(1, 2), 3));\n",
};
const data = (outcome: CaseOutcome): { totals: Totals; files: FileCoverage[] } =>
  outcome.result!.data as { totals: Totals; files: FileCoverage[] };

describe('testing.coverage cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'testing.coverage' }).run({
    valid: [
      {
        name: 'a module its test covers completely: 100 % and nothing listed uncovered',
        files: COVERED,
        projectCode: true,
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(
            /^Coverage of 1 file\(s\) under node --test test\/: statements 100%, branches 100%, functions 100%, lines 100%\. Tests: 1 passed, 0 failed\. Every statement is covered\.$/,
          );
          const [sum] = data(outcome).files;
          expect(sum).to.deep.include({ file: 'src/sum.js', uncoveredFunctions: [], uncoveredBranches: [], uncoveredLines: [] });
        },
      },
      {
        name: 'the mocha fixture: freeShipping (lib/shipping.js:7) named as never called, functions 1 of 2',
        ...MOCHA,
        projectCode: true,
        input: { files: ['test/shipping.test.js'] },
        check: (outcome) => {
          const shipping = data(outcome).files.find((f) => f.file === 'lib/shipping.js')!;
          expect(shipping.uncoveredFunctions).to.deep.equal([{ name: 'freeShipping', line: 7 }]);
          expect(shipping.functions).to.deep.include({ total: 2, covered: 1, pct: 50 });
          expect(
            data(outcome).files.find((f) => f.file === 'lib/cart.js')!.statements.covered,
            'no test loads cart.js (c8 --all)',
          ).to.equal(0);
        },
      },
      {
        name: 'without the project-code permission: coverage not measured, said so (notRun), no artifacts',
        files: COVERED,
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(
            /^Coverage was NOT measured \(the tests were not run\): testing\.coverage would run c8 with "node --test test\/" \(1 test file\(s\)\)/,
          );
          expect(outcome.result!.notRun).to.deep.equal([
            {
              part: 'tests',
              reason:
                'project code not allowed ("node --test test/" runs the project\'s code; allow project code for this workspace to run it)',
            },
          ]);
          expect(outcome.result!.artifacts).to.equal(undefined);
        },
      },
    ],
    invalid: [
      {
        name: 'no test script and no test runner in use: no_test_runner',
        files: { 'package.json': JSON.stringify({ name: 'bare', type: 'module' }), 'src/a.js': 'export const a = 1;\n' },
        projectCode: true,
        error: { code: 'no_test_runner', message: 'no mocha, vitest, jest or node:test use was found' },
      },
    ],
    inputErrors: [
      { name: '"all" that is not a boolean', input: { all: 'yes' }, message: '/all must be boolean' },
      { name: 'an unknown option', input: { reporter: 'html' }, message: 'must NOT have additional properties' },
    ],
  });
});
