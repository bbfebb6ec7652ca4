/**
 * testing.e2e through the daemon, in Debian's Chromium through playwright-core: a REST job on the
 * Express fixture stages the generated end-to-end tests (kept only when they passed three runs in the
 * sandbox), and the agent's plan without the project-code permission ends incomplete. The fixtures run
 * directly (their files passing the project's runner three times, failing when a page or a script
 * changes) are the slow tier: e2e-fixtures.slow-test.ts, `npm run test:slow`.
 */
import { expect } from 'chai';
import type { TestDaemon } from '../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../daemon/support/http-client.js';
import { agentDaemon, SETTLED, submitTask } from '../../daemon/agent/agent-support.js';

describe('capabilities/testing/e2e', function () {
  this.timeout(400_000);

  describe('through the daemon', () => {
    let t: TestDaemon;
    before(async () => {
      t = await agentDaemon('testing/express-pages', { linkNodeModules: true });
    });
    after(async () => t?.close());

    it('POST /jobs testing.e2e: awaiting approval with the generated test file as its change', async () => {
      const submitted = await post(t.url, '/jobs', { workspace: 'project', capability: 'testing.e2e', input: { maxPages: 2 } });
      expect(submitted.status, JSON.stringify(submitted.body)).to.equal(202);
      const done = await waitForStatus(t.url, submitted.body.id, ['awaiting_approval', ...SETTLED], 360_000);
      expect(done.status, JSON.stringify(done.error)).to.equal('awaiting_approval');
      expect(done.result!.changes.map((c) => [c.path, c.action])).to.deep.equal([['test/pages.e2e.generated.test.js', 'create']]);
      const data = (done.result as unknown as { data: { testFile: string; tests: { kind: string }[] }[] }).data[0]!;
      expect(data.testFile).to.equal('test/pages.e2e.generated.test.js');
      expect(data.tests.filter((x) => x.kind === 'page')).to.have.length(2);
    });

    it('the agent: "write e2e tests with playwright" plans testing.e2e; without the permission it ends incomplete, nothing generated', async () => {
      const done = await submitTask(t, 'write e2e tests with playwright', { allowProjectCode: false });
      expect(done.plan!.steps.map((s) => [s.capability, s.available])).to.deep.equal([
        ['testing.e2e', true],
        ['refactoring.verify', true],
      ]);
      expect(done.status).to.equal('incomplete');
      expect(done.steps[0]!.summary).to.match(
        /^No tests were generated: testing\.e2e starts the app \(its "start" script \(node src\/server\.js\)\)/,
      );
    });
  });
});
