/**
 * refactoring.verify's affected tests on a vitest project (slow tier: vitest starts in ~2 s per side):
 * a change to lib/b.js runs test/b.test.js only, on both sides, with vitest's JSON reporter.
 */
import { expect } from 'chai';
import { copyOf, fixture, removeCopies, runOn } from '../modernize/sample-copy.js';

describe('capabilities/refactoring/verify: only the affected tests, vitest', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('runs the one test file that imports the staged module', async () => {
    const root = await copyOf(fixture('refactoring-samples', 'verify-affected-vitest'), { linkNodeModules: true });
    const staged = [{ path: 'lib/b.js', content: 'export const b = (x) => 2 * x;\n' }];
    const { result } = await runOn('refactoring.verify', root, { checks: ['tests'] }, { projectCode: true, staged });
    const data = result.data as { testSelection: unknown; perTest: { tests: { runner: string; before: unknown } } };
    expect(data.testSelection).to.deep.equal({ files: ['test/b.test.js'], of: 2 });
    expect(data.perTest.tests.runner).to.equal('vitest');
    expect(data.perTest.tests.before).to.deep.equal({ passed: 2, failed: 0 });
  });
});
