/**
 * refactoring.verify's affected tests on a jest project: a change to lib/b.js runs the two test files
 * that reach it (test/a.test.js through lib/a.js), with `--runTestsByPath`, on both sides; a regression
 * in one of them blocks the change by the test's name.
 */
import { expect } from 'chai';
import { AgentdError } from '../../../../core/index.js';
import { copyOf, fixture, removeCopies, runOn } from '../modernize/sample-copy.js';

const sample = fixture('refactoring-samples', 'verify-affected-jest');

describe('capabilities/refactoring/verify: only the affected tests, jest', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('runs the test files that import the staged module, directly or through lib/a.js, and compares them per test', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const staged = [{ path: 'lib/b.js', content: 'exports.b = (x) => x + x;\n' }];
    const { result } = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    const data = result.data as { testSelection: unknown; perTest: { tests: { runner: string; before: unknown } } };
    expect(data.testSelection).to.deep.equal({ files: ['test/a.test.js', 'test/b.test.js'], of: 3 });
    expect(data.perTest.tests.runner).to.equal('jest');
    expect(data.perTest.tests.before).to.deep.equal({ passed: 3, failed: 0 });
    expect(result.summary).to.include('Only the affected tests ran: 2 of 3 test file(s).');
  });

  it('a regression in an affected jest test blocks the change with its name', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const staged = [{ path: 'lib/b.js', content: 'exports.b = (x) => x * 3;\n' }];
    const error = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('verification_failed');
    expect((error as AgentdError).message).to.match(/^Test "test\/(a|b)\.test\.js › [^"]+" passed before/);
    expect((error as AgentdError).message).to.include('2 of 3 test file(s)');
  });
});
