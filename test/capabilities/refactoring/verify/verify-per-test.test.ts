/**
 * refactoring.verify compares tests one by one (mocha's JSON reporter) when the project's test script
 * is a plain runner invocation: a test that failed before does not disable the gate, a test that passed
 * before and fails after blocks the change with its name and message.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError } from '../../../../core/index.js';
import { compareTests, reporterFor } from '../../../../capabilities/refactoring/verify/test-reporters.js';
import { copyOf, fixture, removeCopies, runOn } from '../modernize/sample-copy.js';

const sample = fixture('refactoring-samples', 'verify-mocha-project');

interface PerTest {
  runner: string;
  before: { passed: number; failed: number };
  after: { passed: number; failed: number };
  regressions: { id: string; message?: string }[];
  stillFailing: number;
}

describe('capabilities/refactoring/verify: per test', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('a change that keeps every passing test passing is verified, though one test failed before', async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const source = await readFile(path.join(root, 'lib/price.js'), 'utf8');
    const staged = [
      {
        path: 'lib/price.js',
        content: source.replace(
          "return quantity + ' item(s), total ' + total(unitPrice, quantity);",
          'return `${quantity} item(s), total ${total(unitPrice, quantity)}`;',
        ),
      },
    ];
    expect(staged[0]!.content).not.to.equal(source);
    const { result } = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    const perTest = (result.data as { perTest: Record<string, PerTest> }).perTest.tests!;
    expect(perTest).to.deep.include({
      runner: 'mocha',
      before: { passed: 2, failed: 1 },
      after: { passed: 2, failed: 1 },
      regressions: [],
      stillFailing: 1,
    });
    expect(result.summary).to.include(
      'tests (npm test, mocha per test): 2 of 3 test(s) pass, none that passed before fails; 1 failed before and still fail (not caused by the change)',
    );
  });

  it("a change that breaks a test that passed before is refused with the test's name and message, even with a failing suite before", async () => {
    const root = await copyOf(sample, { linkNodeModules: true });
    const source = await readFile(path.join(root, 'lib/price.js'), 'utf8');
    const staged = [{ path: 'lib/price.js', content: source.replace("' item(s), total '", "' items, total '") }];
    const error = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('verification_failed');
    expect((error as AgentdError).message).to.match(
      /^Test "test\/price\.test\.js › price labels the total" passed before the staged changes and fails after them: .*4 items, total 12/,
    );
    expect((error as AgentdError).message).to.include('1 test(s) that failed before still fail and did not count');
    expect(await readFile(path.join(root, 'lib/price.js'), 'utf8')).to.equal(source);
  });

  it('uses a reporter only for a plain runner invocation, and compares by test id', () => {
    expect(reporterFor('mocha')?.runner).to.equal('mocha');
    expect(reporterFor('mocha --recursive test/')?.runner).to.equal('mocha');
    expect(reporterFor('vitest run')?.runner).to.equal('vitest');
    expect(reporterFor('jest --ci')?.runner).to.equal('jest');
    for (const script of ['tsc && mocha', 'vitest', 'node --test', 'mocha | tee log', 'npm run build; mocha'])
      expect(reporterFor(script), script).to.equal(null);
    const cmp = compareTests(
      'mocha',
      { a: { passed: true }, b: { passed: false }, c: { passed: true } },
      { a: { passed: false, message: 'boom' }, b: { passed: false }, c: { passed: true } },
      true,
    );
    expect(cmp.regressions).to.deep.equal([{ id: 'a', message: 'boom' }]);
    expect(cmp.stillFailing).to.equal(1);
    const crashed = compareTests('mocha', { a: { passed: true } }, null, true);
    expect(crashed.regressions[0]!.message).to.include('wrote no report');
  });

  it('pairs a test whose title prints a value of the moment (a date) with its new id after the change', () => {
    const before = {
      'test/n.ts › casting should not cast 2026-11-26T22:35:34.064Z': { passed: true },
      'test/n.ts › casting should not cast 2026-11-26T22:35:33.468Z': { passed: true },
      'test/n.ts › rounds 2 places': { passed: true },
    };
    const after = {
      'test/n.ts › casting should not cast 2026-11-26T22:36:01.101Z': { passed: true },
      'test/n.ts › casting should not cast 2026-11-26T22:36:00.412Z': { passed: true },
      'test/n.ts › rounds 2 places': { passed: true },
    };
    expect(compareTests('vitest', before, after, true).regressions).to.deep.equal([]);
    const failing = { ...after, 'test/n.ts › casting should not cast 2026-11-26T22:36:00.412Z': { passed: false, message: 'cast' } };
    expect(compareTests('vitest', before, failing, true).regressions).to.deep.equal([
      { id: 'test/n.ts › casting should not cast 2026-11-26T22:35:33.468Z', message: 'cast' },
    ]);
    // A test that is really gone (no new id of its shape) still blocks a failing run.
    const gone = { 'test/n.ts › rounds 2 places': { passed: true } };
    expect(compareTests('vitest', before, gone, true).regressions).to.have.length(2);
  });

  it('counts the tests only the after run has (a generator added them): passing ones, and failing ones that block the change', () => {
    const cmp = compareTests(
      'mocha',
      { 'test/a.js › old': { passed: false } },
      {
        'test/a.js › old': { passed: false },
        'test/todos.js › creates a todo': { passed: true },
        'test/todos.js › "before all" hook': { passed: false, message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      },
      true,
    );
    expect(cmp.regressions).to.deep.equal([]);
    expect(cmp.stillFailing).to.equal(1);
    expect(cmp.added).to.deep.equal({
      passed: 1,
      failing: [{ id: 'test/todos.js › "before all" hook', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    });
  });
});
