/**
 * refactoring.verify as a REST job: with project code allowed it runs the project's tests; without,
 * it does what it may (agentd's own type-check) and the job says what was not run — `incomplete`, or
 * `failed` with project_code_not_allowed when nothing at all could be checked. Never `succeeded` for
 * checks that did not run.
 */
import { expect } from 'chai';
import type { TestDaemon } from '../support/daemon-harness.js';
import { post, waitForStatus } from '../support/http-client.js';
import { agentDaemon, SETTLED } from './agent-support.js';

async function verifyJob(t: TestDaemon, extra: Record<string, unknown>) {
  const submitted = await post(t.url, '/jobs', { capability: 'refactoring.verify', workspace: 'project', mode: 'auto', ...extra });
  expect(submitted.status, JSON.stringify(submitted.body)).to.equal(202);
  return waitForStatus(t.url, submitted.body.id, SETTLED, 180_000);
}

describe('daemon: refactoring.verify as a REST job', function () {
  this.timeout(300_000);

  describe('on a package whose tests need project code (legacy-js-package, trusted)', () => {
    let t: TestDaemon;
    before(async () => {
      t = await agentDaemon('legacy-js-package', { linkNodeModules: true });
    });
    after(async () => t?.close());

    it('allowProjectCode: runs the tests before and after and succeeds', async () => {
      const job = await verifyJob(t, { allowProjectCode: true });
      expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
      expect(job.permissions!.projectCode).to.equal(true);
      expect(job.steps[0]!.summary).to.match(/tests \(npm test, mocha per test\): 19 of 19 test\(s\) pass, none that passed before fails/);
      expect(job.notRun).to.deep.equal([]);
    });

    it('allowProjectCode false: says plainly that nothing was verified, and fails', async () => {
      const job = await verifyJob(t, { allowProjectCode: false });
      expect(job.status).to.equal('failed');
      expect(job.error!.code).to.equal('project_code_not_allowed');
      expect(job.error!.message).to.include('Nothing could be verified');
    });
  });

  describe('on a TypeScript project with tests (express-ts-api, not trusted)', () => {
    let t: TestDaemon;
    before(async () => {
      t = await agentDaemon('express-ts-api');
    });
    after(async () => t?.close());

    it("type-checks with agentd's TypeScript, does not run the tests, and ends incomplete naming them", async () => {
      const job = await verifyJob(t, {});
      expect(job.permissions!.projectCode).to.equal(false);
      expect(job.status, JSON.stringify(job.error)).to.equal('incomplete');
      expect(job.steps[0]!.status).to.equal('succeeded');
      expect(job.steps[0]!.summary)
        .to.match(/typecheck \(/)
        .and.include('Not run: tests');
      expect(job.notRun).to.have.length(1);
      expect(job.notRun![0]).to.include({ index: 0, capability: 'refactoring.verify' });
      expect(job.notRun![0]!.reason).to.match(/^tests not run: project code not allowed/);
    });
  });
});
