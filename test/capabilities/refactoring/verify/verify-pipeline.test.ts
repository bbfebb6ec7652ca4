import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createEngine, type PipelineEngine } from '../../../../core/engine/index.js';
import { defaultRoots, loadRegistry } from '../../../../core/registry/index.js';
import { DEFAULT_LIMITS } from '../../../../core/index.js';
import { copyOf, fixture, removeCopies } from '../modernize/sample-copy.js';

describe('capabilities/refactoring/verify in a real pipeline', function () {
  this.timeout(180_000);
  let engine: PipelineEngine;
  before(async () => {
    engine = createEngine({ registry: await loadRegistry({ roots: defaultRoots() }), poolOptions: { maxThreads: 1 } });
  });
  after(async () => {
    await engine.close();
    await removeCopies();
  });

  it("modernize then verify: the package's tests pass before and after in worker threads, and the changes are applied", async () => {
    const root = await copyOf(fixture('legacy-js-package'), { linkNodeModules: true });
    const outcome = await engine.run({
      jobId: 'verify-pipeline',
      root,
      steps: [
        { capability: 'refactoring.modernize', input: { include: ['lib/**'] } },
        { capability: 'refactoring.verify', input: { checks: ['tests'] } },
      ],
      limits: DEFAULT_LIMITS,
      permissions: { projectCode: true },
      apply: true,
    });
    expect(outcome.error).to.equal(null);
    expect(outcome.status).to.equal('succeeded');
    expect(outcome.applied).to.equal(true);
    const verified = outcome.steps[1]!.result!.data as {
      before: { tests: { passed: boolean } };
      after: { tests: { passed: boolean } };
      perTest: { tests: { after: { passed: number; failed: number }; regressions: unknown[] } };
    };
    expect(verified.before.tests.passed).to.equal(true);
    expect(verified.after.tests.passed).to.equal(true);
    // The package's script is plain `mocha`: its 19 tests are compared one by one (JSON reporter).
    expect(verified.perTest.tests.after).to.deep.equal({ passed: 19, failed: 0 });
    expect(verified.perTest.tests.regressions).to.deep.equal([]);
    expect(await readFile(path.join(root, 'lib', 'store.js'), 'utf8')).to.include('async function loadName(id) {');
  });

  it('without the project-code permission a tests-only verify step fails with project_code_not_allowed and nothing is applied', async () => {
    const root = await copyOf(fixture('legacy-js-package'), { linkNodeModules: true });
    const outcome = await engine.run({
      jobId: 'verify-refused',
      root,
      steps: [{ capability: 'refactoring.modernize', input: { include: ['lib/**'] } }, { capability: 'refactoring.verify' }],
      limits: DEFAULT_LIMITS,
      permissions: { projectCode: false },
      apply: true,
    });
    expect(outcome.status).to.equal('failed');
    // The engine keeps the code a capability's AgentdError carries (the message is wrapped with the step).
    expect(outcome.error!.code).to.equal('project_code_not_allowed');
    expect(outcome.error!.message).to.include('security.trustedWorkspaces');
    expect(outcome.applied).to.equal(false);
    expect(await readFile(path.join(root, 'lib', 'store.js'), 'utf8')).to.include('function loadName(id) {\n  return findUser(id).then(');
  });
});
