import { expect } from 'chai';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post, waitForStatus } from '../support/http-client.js';

/** The most jobs whose [startedAt, finishedAt) intervals overlap at any instant. */
function maxOverlap(jobs: JobRecord[]): number {
  const spans = jobs.map((job) => [Date.parse(job.startedAt!), Date.parse(job.finishedAt!)] as const);
  return Math.max(...spans.map(([start]) => spans.filter(([s, f]) => s <= start && start < f).length));
}

const slow = (ms: number, extra: Record<string, unknown> = {}) => ({ capability: 'analysis.test-slow', input: { ms }, ...extra });

describe('daemon scheduling', function () {
  describe('with maxConcurrent = 2', () => {
    let t: TestDaemon;
    before(async () => {
      t = await startTestDaemon({ configure: (config) => (config.server.maxConcurrent = 2) });
    });
    after(async () => {
      await t.close();
    });

    it('never runs more than two jobs at once, and does run two', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await post(t.url, '/jobs', slow(300))).body.id);
      const stats = (await get(t.url, '/stats')).body;
      expect(stats.running).to.be.at.most(2);
      expect(stats.running + stats.queued).to.equal(5 - stats.succeeded);
      const jobs = await Promise.all(ids.map((id) => waitForStatus(t.url, id, ['succeeded'])));
      expect(maxOverlap(jobs)).to.equal(2);
    });
  });

  describe('with maxConcurrent = 1', () => {
    let t: TestDaemon;
    before(async () => {
      t = await startTestDaemon({ configure: (config) => (config.server.maxConcurrent = 1) });
    });
    after(async () => {
      await t.close();
    });

    it('runs waiting jobs by priority, then in submission order', async () => {
      const blocker = (await post(t.url, '/jobs', slow(400))).body.id;
      await waitForStatus(t.url, blocker, ['running']);
      const submitted: Record<string, string> = {};
      for (const [name, priority] of [
        ['low', -5],
        ['normal-1', 0],
        ['high', 10],
        ['normal-2', 0],
      ] as const) {
        submitted[name] = (await post(t.url, '/jobs', slow(10, { priority }))).body.id;
      }
      const jobs = await Promise.all(
        Object.entries(submitted).map(async ([name, id]) => ({ name, job: await waitForStatus(t.url, id, ['succeeded']) })),
      );
      const order = jobs.sort((a, b) => Date.parse(a.job.startedAt!) - Date.parse(b.job.startedAt!)).map((entry) => entry.name);
      expect(order).to.deep.equal(['high', 'normal-1', 'normal-2', 'low']);
    });
  });
});
