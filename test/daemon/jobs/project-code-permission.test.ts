import { expect } from 'chai';
import { cp, symlink } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURES, startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post, waitForStatus } from '../support/http-client.js';

const REPO = path.resolve(FIXTURES, '..');

/** The project-code permission over REST: allowProjectCode on POST /jobs, security.trustedWorkspaces, the record's permissions. */
describe('daemon: the project-code permission', function () {
  this.timeout(120_000);

  describe('an untrusted workspace (security.trustedWorkspaces empty)', () => {
    let harness: TestDaemon;
    before(async () => {
      harness = await startTestDaemon({ fixture: 'express-ts-api' });
    });
    after(() => harness.close());

    it('a job gets no project code by default, and the record says so', async () => {
      const { status, body } = await post(harness.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'project' });
      expect(status).to.equal(202);
      expect(body.permissions).to.deep.equal({ projectCode: false });
    });

    for (const form of [
      { task: 'audit the security of src' },
      { capability: 'analysis.test-empty' },
      { pipeline: [{ capability: 'analysis.test-empty' }] },
    ]) {
      it(`"allowProjectCode": true is 403 project_code_not_allowed naming the workspace and the config key (${Object.keys(form)[0]} form), and no job is created`, async () => {
        const before = (await get(harness.url, '/jobs')).body.length;
        const { status, body } = await post(harness.url, '/jobs', { ...form, workspace: 'project', allowProjectCode: true });
        expect(status).to.equal(403);
        expect(body.error.code).to.equal('project_code_not_allowed');
        expect(body.error.message).to.include('"project"').and.to.include('security.trustedWorkspaces');
        expect((await get(harness.url, '/jobs')).body.length).to.equal(before);
      });
    }

    it('a non-boolean allowProjectCode is a validation error', async () => {
      const { status, body } = await post(harness.url, '/jobs', { capability: 'analysis.test-empty', allowProjectCode: 'yes' });
      expect(status).to.equal(400);
      expect(body.error.code).to.equal('validation_failed');
    });

    it('a step that needs project code is refused inside the job with project_code_not_allowed', async () => {
      const { body } = await post(harness.url, '/jobs', {
        capability: 'analysis.test-run-node',
        input: { source: 'console.log(1)' },
        workspace: 'project',
      });
      const done = await waitForStatus(harness.url, body.id, ['failed', 'succeeded']);
      expect(done.status).to.equal('failed');
      expect(done.error!.code).to.equal('project_code_not_allowed');
    });

    it('documents allowProjectCode on every job form, the 403, and permissions on the record in /openapi.json', async () => {
      const { body } = await get(harness.url, '/openapi.json');
      for (const form of ['CreateTaskJob', 'CreateCapabilityJob', 'CreatePipelineJob'])
        expect(body.components.schemas[form].properties.allowProjectCode.type).to.equal('boolean');
      expect(body.components.schemas.Job.required).to.include('permissions');
      expect(body.paths['/jobs'].post.responses).to.have.property('403');
    });
  });

  describe('a trusted workspace', () => {
    let harness: TestDaemon;
    before(async () => {
      harness = await startTestDaemon({
        configure: (config) => {
          config.security.trustedWorkspaces = ['proj*'];
        },
      });
      await cp(path.join(FIXTURES, 'refactoring-samples', 'verify-ts-project'), path.join(harness.workspace, 'project'), {
        recursive: true,
      });
      await symlink(path.join(REPO, 'node_modules'), path.join(harness.workspace, 'project', 'node_modules'), 'dir');
      await cp(path.join(FIXTURES, 'express-ts-api'), path.join(harness.workspace, 'other'), { recursive: true });
    });
    after(() => harness.close());

    it('gets project code by default; "allowProjectCode": false gives it up', async () => {
      expect(
        (await post(harness.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'project' })).body.permissions,
      ).to.deep.equal({ projectCode: true });
      expect(
        (await post(harness.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'project', allowProjectCode: false })).body
          .permissions,
      ).to.deep.equal({ projectCode: false });
      expect((await post(harness.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'other' })).body.permissions).to.deep.equal({
        projectCode: false,
      });
    });

    it('refactoring.verify works as a REST job with the permission: type-check and tests run before and after', async () => {
      const { body } = await post(harness.url, '/jobs', { capability: 'refactoring.verify', workspace: 'project' });
      const done = await waitForStatus(harness.url, body.id, ['failed', 'succeeded'], 100_000);
      expect(done.error).to.equal(null);
      expect(done.status).to.equal('succeeded');
      expect(done.result!.summary).to.match(/typecheck \(tsc --noEmit -p tsconfig.json\) passes; tests \(npm test\) passes/);
    });

    it('refactoring.verify without it: agentd type-checks, the tests are reported as not run and the job is incomplete', async () => {
      const { body } = await post(harness.url, '/jobs', {
        capability: 'refactoring.verify',
        workspace: 'project',
        allowProjectCode: false,
      });
      const done = await waitForStatus(harness.url, body.id, ['failed', 'succeeded', 'incomplete'], 100_000);
      expect(done.status).to.equal('incomplete');
      expect(done.notRun).to.have.length(1);
      expect(done.notRun![0]!.reason).to.match(/^tests not run: project code not allowed/);
      expect(done.result!.summary)
        .to.include("typecheck (agentd's TypeScript API on tsconfig.json) passes")
        .and.to.include('Not run: tests (project code not allowed');
    });
  });
});
