import { expect } from 'chai';
import { get, waitForStatus } from '../support/http-client.js';
import { Cluster, submitSlow } from './support/cluster.js';

/** Stop the shared Redis mid-run, then start it again: daemons degrade to 503 and lose nothing. */
describe('a Redis outage under running daemons (real processes)', function () {
  this.timeout(120_000);
  let cluster: Cluster;

  before(async () => {
    cluster = await Cluster.start(2, 2);
  });

  after(async () => {
    await cluster?.stop();
  });

  it('answers 503 quickly while Redis is down, reconnects, and finishes every acknowledged job', async () => {
    const [a, b] = cluster.daemons as [NonNullable<(typeof cluster.daemons)[0]>, NonNullable<(typeof cluster.daemons)[0]>];
    const accepted: string[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await submitSlow(i % 2 ? b : a, 800);
      expect(reply.status).to.equal(202);
      accepted.push(reply.body.id as string);
    }
    await cluster.waitForRunner(accepted[0]!);
    await cluster.redis.stop();

    let started = Date.now();
    const health = await get(a.url, '/health');
    expect(health.status).to.equal(503);
    expect(health.body.status).to.equal('unhealthy');
    expect(Date.now() - started, '/health does not hang').to.be.below(2000);

    started = Date.now();
    const refused = await submitSlow(b, 10);
    expect(refused.status).to.equal(503);
    expect(refused.body.error.code).to.equal('unavailable');
    expect(refused.body.error.message).to.include('Redis');
    expect(Date.now() - started, 'POST /jobs does not hang').to.be.below(3000);

    await new Promise((resolve) => setTimeout(resolve, 1500)); // an outage longer than a lock renewal
    await cluster.redis.start();
    for (const daemon of [a, b]) {
      const deadline = Date.now() + 15_000;
      while ((await get(daemon.url, '/health')).status !== 200) {
        expect(Date.now(), `${daemon.name} healthy again`).to.be.below(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const id of accepted) {
      const record = await waitForStatus(a.url, id, ['succeeded', 'failed', 'cancelled'], 45_000);
      expect(record.status, `${id}: ${JSON.stringify(record.error)}`).to.equal('succeeded');
    }
    const stats = (await get(b.url, '/stats')).body;
    expect(stats).to.include({ total: accepted.length, succeeded: accepted.length, running: 0, queued: 0 });
  });
});
