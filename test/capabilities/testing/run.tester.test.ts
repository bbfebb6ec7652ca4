/** testing.run's tester suite: a passing test file, the fixture's failing test as a finding, nothing run without the permission, no runner refused, input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

// fixtures/testing/mocha-project: 6 tests, "labels one item in the plural" fails on purpose (test/cart.test.js:20).
const MOCHA = { fixture: fixturePath('testing', 'mocha-project'), nodeModules: path.join(REPO, 'node_modules') };
const totals = (data: unknown): unknown => (data as { totals: unknown }).totals;

describe('testing.run cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'testing.run' }).run({
    valid: [
      {
        name: 'a test file whose test passes: no finding, its test listed as passed',
        ...MOCHA,
        projectCode: true,
        input: { files: ['test/shipping.test.js'] },
        check: (outcome) => {
          expect(totals(outcome.result!.data)).to.deep.equal({ passed: 1, failed: 0, skipped: 0, todo: 0 });
          expect(outcome.result!.summary).to.match(
            /^mocha \(mocha test\/shipping\.test\.js\): 1 test\(s\), 1 passed, 0 failed in [\d.]+ s\.$/,
          );
        },
      },
      {
        name: 'without the project-code permission: nothing runs, the command and test files are named, the tests reported as not run',
        ...MOCHA,
        check: (outcome) => {
          expect(outcome.result!.notRun).to.deep.equal([
            {
              part: 'tests',
              reason:
                'project code not allowed ("mocha test/**/*.test.js" runs the project\'s code; allow project code for this workspace to run it)',
            },
          ]);
          expect(outcome.result!.data).to.deep.include({
            ran: false,
            projectCode: false,
            testFiles: ['test/cart.test.js', 'test/shipping.test.js'],
          });
        },
      },
    ],
    invalid: [
      {
        name: 'the failing test is a finding at its failing assertion, with expected/actual',
        ...MOCHA,
        projectCode: true,
        input: { title: 'labels' },
        findings: [
          {
            ruleId: 'testing/failed-test',
            file: 'test/cart.test.js',
            line: 20,
            severity: 'high',
            message: '(expected 1 items, actual 1 item)',
          },
        ],
        check: (outcome) => expect(totals(outcome.result!.data)).to.deep.equal({ passed: 0, failed: 1, skipped: 0, todo: 0 }),
      },
      {
        name: 'no test script and no test runner in use: no_test_runner',
        files: { 'package.json': JSON.stringify({ name: 'bare', type: 'module' }), 'src/a.js': 'export const a = 1;\n' },
        error: { code: 'no_test_runner', message: 'no mocha, vitest, jest or node:test use was found' },
      },
    ],
    inputErrors: [
      {
        name: 'a test file that reads as an option',
        input: { files: ['--require=evil.js'] },
        message: '/files/0 must match pattern "^[^-]"',
      },
      { name: 'a time limit under a second', input: { timeoutMs: 10 }, message: '/timeoutMs must be >= 1000' },
    ],
  });
});
