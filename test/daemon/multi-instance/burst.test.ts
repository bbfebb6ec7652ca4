import { expect } from 'chai';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { get } from '../support/http-client.js';
import { Cluster, metric, submitEmpty } from './support/cluster.js';

const JOBS = 1000;

/** A burst of 1,000 jobs spread over three daemons: every job ends exactly once and the counts add up. */
describe('a burst of 1,000 jobs across three daemons (real processes)', function () {
  this.timeout(300_000);
  let cluster: Cluster;

  before(async () => {
    cluster = await Cluster.start(3, 3);
  });

  after(async () => {
    await cluster?.stop();
  });

  it('ends every job in a final state exactly once, with /stats and agentd_jobs_total adding up', async () => {
    const ids: string[] = [];
    for (let batch = 0; batch < JOBS; batch += 50) {
      const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => submitEmpty(cluster.daemons[(batch + i) % 3]!)));
      for (const reply of replies) {
        expect(reply.status).to.equal(202);
        ids.push(reply.body.id as string);
      }
    }
    expect(new Set(ids).size).to.equal(JOBS);
    const deadline = Date.now() + 240_000;
    let stats = (await get(cluster.daemons[0]!.url, '/stats')).body;
    while (stats.succeeded + stats.failed + stats.cancelled < JOBS) {
      expect(Date.now(), `still ${JSON.stringify(stats)}`).to.be.below(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
      stats = (await get(cluster.daemons[0]!.url, '/stats')).body;
    }
    expect(stats).to.include({ total: JOBS, succeeded: JOBS, failed: 0, cancelled: 0, queued: 0, running: 0 });
    for (const daemon of cluster.daemons.slice(1))
      expect((await get(daemon.url, '/stats')).body).to.include({ total: JOBS, succeeded: JOBS });

    const listed: JobRecord[] = [];
    for (let offset = 0; offset < JOBS; offset += 100)
      listed.push(...(await get<JobRecord[]>(cluster.daemons[1]!.url, `/jobs?limit=100&offset=${offset}`)).body);
    expect(new Set(listed.map((job) => job.id))).to.deep.equal(new Set(ids));
    for (const job of listed) expect(job.attempts, `${job.id} ran once`).to.equal(1);

    const perDaemon = await Promise.all(cluster.daemons.map((daemon) => metric(daemon, 'agentd_jobs_total{status="succeeded"}')));
    expect(
      perDaemon.reduce((sum, count) => sum + count, 0),
      `per daemon ${perDaemon.join(' + ')}`,
    ).to.equal(JOBS);
    expect(perDaemon.filter((count) => count > 0).length, 'every daemon did some of the work').to.equal(3);
    const started = cluster.daemons.flatMap((daemon) =>
      daemon
        .logs()
        .filter((line) => line.msg === 'job started')
        .map((line) => line.jobId),
    );
    expect(started.length, 'each job started exactly once').to.equal(JOBS);
    expect(new Set(started).size).to.equal(JOBS);
  });
});
