import { expect } from 'chai';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { get, waitForStatus } from '../support/http-client.js';
import { Cluster, submitSlow } from './support/cluster.js';

/** SIGKILL the daemon running a job: another daemon takes the job over (stalled-lock recovery). */
describe('a daemon killed mid-job (real processes)', function () {
  this.timeout(120_000);
  let cluster: Cluster;

  before(async () => {
    cluster = await Cluster.start(3, 1);
  });

  after(async () => {
    await cluster?.stop();
  });

  it('has another daemon re-run the job from its first step within 10 s, with attempts incremented', async () => {
    const id = (await submitSlow(cluster.daemons[0]!, 3000)).body.id as string;
    const first = await cluster.waitForRunner(id, 1);
    await waitForStatus(first.url, id, ['running']);
    await first.kill('SIGKILL');
    const killedAt = Date.now();
    const second = await cluster.waitForRunner(id, 2, 10_000);
    const recoveredMs = Date.now() - killedAt;
    expect(second).to.not.equal(first);
    expect(recoveredMs, 'picked up within 10 s').to.be.below(10_000);
    const record = await waitForStatus(second.url, id, ['succeeded', 'failed']);
    expect(record.status).to.equal('succeeded');
    expect(record.attempts).to.equal(2);
    expect(record.steps[0]!.status).to.equal('succeeded');
    expect(Date.parse(record.startedAt!), 'the second run started after the kill').to.be.at.least(killedAt - 50);
    console.log(`      recovery after SIGKILL: ${recoveredMs} ms`);
    await first.start();
  });

  it('fails a job whose daemon keeps dying with worker_lost after a bounded number of attempts', async () => {
    const id = (await submitSlow(cluster.daemons[0]!, 120_000)).body.id as string;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const runner = await cluster.waitForRunner(id, attempt, 15_000);
      await waitForStatus(runner.url, id, ['running']);
      await runner.kill('SIGKILL');
      await runner.start(); // a replacement daemon, as a supervisor would start one
    }
    const record = await waitForStatus(cluster.daemons[0]!.url, id, ['failed', 'succeeded', 'cancelled'], 20_000);
    expect(record.status).to.equal('failed');
    expect(record.error?.code).to.equal('worker_lost');
    expect(record.error?.message).to.include(id).and.include('3 times');
    expect(record.attempts).to.equal(3);
    const stats = (await get(cluster.daemons[1]!.url, '/stats')).body;
    expect(stats.running).to.equal(0);
    const again = await get<JobRecord>(cluster.daemons[2]!.url, `/jobs/${id}`);
    expect(again.body.status).to.equal('failed');
  });
});
