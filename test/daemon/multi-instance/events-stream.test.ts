/**
 * GET /events (the dashboard's live list) with two daemon processes on one Redis: the stream of one
 * daemon carries the events of the jobs the other runs too (the Redis bridge's remote events).
 */
import { expect } from 'chai';
import { readSse } from '../support/http-client.js';
import { Cluster, submitSlow } from './support/cluster.js';

describe('GET /events across two daemons on one Redis (real processes)', function () {
  this.timeout(90_000);
  let cluster: Cluster;

  before(async () => {
    cluster = await Cluster.start(2, 1);
  });
  after(async () => {
    await cluster?.stop();
  });

  it('streams from A the done event of every job, those B ran included', async () => {
    const [a, b] = cluster.daemons;
    const ids = new Set<string>();
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const done = new Set<string>();
    const stream = readSse(
      a!.url,
      '/events',
      (event) => {
        if (event.event === 'done') done.add(event.data.jobId as string);
        return ids.size === 6 && [...ids].every((id) => done.has(id));
      },
      { onOpen: opened, timeoutMs: 60_000 },
    );
    await open;
    // One job at a time per daemon and 300 ms each: the six are shared between A and B.
    for (let i = 0; i < 6; i++) ids.add((await submitSlow(i % 2 ? a! : b!, 300)).body.id as string);
    const events = await stream;
    expect(
      [...ids].every((id) => done.has(id)),
      `done seen for ${done.size} of 6`,
    ).to.equal(true);
    const runners = [...ids].map((id) => cluster.runnerOf(id)!.name);
    expect(runners, 'B ran some of them').to.include('B');
    expect(events.some((event) => event.event === 'log')).to.equal(false);
  });
});
