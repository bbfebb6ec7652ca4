import { expect } from 'chai';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';
import { del, get, post, readSse, waitForStatus } from '../support/http-client.js';
import { Cluster, metric, submitEmpty, submitSlow } from './support/cluster.js';

/** Three real daemon processes (one job at a time each) sharing one Redis. */
describe('several daemons on one Redis (real processes)', function () {
  this.timeout(90_000);
  let cluster: Cluster;

  before(async () => {
    cluster = await Cluster.start(3, 1);
  });

  after(async () => {
    await cluster?.stop();
  });

  it('runs jobs submitted to one daemon on the others, and every daemon returns the same record', async () => {
    const [a] = cluster.daemons;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await submitSlow(a!, 1500)).body.id as string);
    for (const id of ids) await waitForStatus(a!.url, id, ['succeeded']);
    const runners = ids.map((id) => cluster.runnerOf(id)!.name);
    expect(
      runners.filter((name) => name !== 'A'),
      `runners ${runners.join(',')}`,
    ).to.not.be.empty;
    for (const id of ids) {
      const records = await Promise.all(cluster.daemons.map(async (daemon) => (await get<JobRecord>(daemon.url, `/jobs/${id}`)).body));
      expect(records[1]).to.deep.equal(records[0]);
      expect(records[2]).to.deep.equal(records[0]);
      expect(records[0]!.attempts).to.equal(1);
    }
  });

  it('cancels a running job from a daemon other than the one running it, and streams the end from a third', async () => {
    const id = (await submitSlow(cluster.daemons[0]!, 60_000)).body.id as string;
    const runner = await cluster.waitForRunner(id);
    await waitForStatus(runner.url, id, ['running']);
    const [other, third] = cluster.daemons.filter((daemon) => daemon !== runner);
    let opened!: () => void;
    const streamOpen = new Promise<void>((resolve) => (opened = resolve));
    const stream = readSse(third!.url, `/jobs/${id}/events`, (event) => event.event === 'done', { onOpen: opened });
    await streamOpen;
    const sentAt = Date.now();
    const reply = await del<JobRecord>(other!.url, `/jobs/${id}`);
    expect(reply.status).to.equal(200);
    const events = await stream;
    const done = events.find((event) => event.event === 'done');
    expect(done?.data).to.include({ status: 'cancelled' });
    expect(Date.now() - sentAt, 'the remote run stops within a few seconds').to.be.below(5000);
    const record = await waitForStatus(runner.url, id, ['cancelled']);
    expect(record.error?.code).to.equal('cancelled');
    expect(
      runner.logs().some((line) => line.msg === 'job cancelled' && line.jobId === id),
      'the runner itself ended the run',
    ).to.equal(true);
  });

  it('streams the events of a job run elsewhere, live, from any daemon', async () => {
    const id = (await submitSlow(cluster.daemons[0]!, 1500)).body.id as string;
    const runner = await cluster.waitForRunner(id);
    const watcher = cluster.daemons.find((daemon) => daemon !== runner)!;
    const events = await readSse(watcher.url, `/jobs/${id}/events`, (event) => event.event === 'done');
    expect(events.at(-1)).to.deep.include({ event: 'done' });
    expect(events.at(-1)!.data).to.include({ status: 'succeeded' });
    expect(
      events.some((event) => event.event === 'progress' && event.data.percent === 100),
      'live progress from the runner',
    ).to.equal(true);
  });

  it('reports the shared queue in /stats and agentd_queue_size on every daemon', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await submitSlow(cluster.daemons[i % 3]!, 4000)).body.id as string);
    const deadline = Date.now() + 15_000;
    let stats: Record<string, number>[] = [];
    while (Date.now() < deadline) {
      stats = await Promise.all(cluster.daemons.map(async (daemon) => (await get(daemon.url, '/stats')).body));
      if (stats.every((entry) => entry.running === 3 && entry.queued === 2)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const entry of stats) expect(entry).to.include({ running: 3, queued: 2, total: stats[0]!.total });
    expect(await metric(cluster.daemons[1]!, 'agentd_queue_size{status="running"}')).to.equal(3);
    expect(await metric(cluster.daemons[2]!, 'agentd_queue_size{status="queued"}')).to.equal(2);
    for (const id of ids) await waitForStatus(cluster.daemons[0]!.url, id, ['succeeded'], 30_000);
    // The throughput history adds up what every daemon ran: each one answers the same counts. A job of an
    // earlier test may still be counted while the three are read (CI saw [8,9,9]), so they are read again
    // until they agree, for a few seconds at most.
    const succeededOn = async (daemon: (typeof cluster.daemons)[number]): Promise<number> =>
      ((await get(daemon.url, '/stats/history?minutes=10')).body as { succeeded: number }[]).reduce(
        (sum, bucket) => sum + bucket.succeeded,
        0,
      );
    let finished: number[] = [];
    for (const settle = Date.now() + 5_000; Date.now() < settle; await new Promise((resolve) => setTimeout(resolve, 100))) {
      finished = await Promise.all(cluster.daemons.map(succeededOn));
      if (new Set(finished).size === 1) break;
    }
    expect(finished[0]).to.be.at.least(ids.length);
    expect(new Set(finished).size, JSON.stringify(finished)).to.equal(1);
  });

  it('lists the three daemons in GET /instances on each, itself marked; one that shuts down leaves the list', async () => {
    const lists = await Promise.all(cluster.daemons.map(async (daemon) => (await get(daemon.url, '/instances')).body));
    const names = await Promise.all(cluster.daemons.map(async (daemon) => (await get(daemon.url, '/stats')).body.instance as string));
    for (const [i, list] of lists.entries()) {
      expect(list.map((entry: { id: string }) => entry.id).sort()).to.deep.equal([...names].sort());
      expect(list.filter((entry: { self: boolean }) => entry.self).map((entry: { id: string }) => entry.id)).to.deep.equal([names[i]]);
      for (const entry of list)
        expect(entry)
          .to.include({ maxConcurrent: 1 })
          .and.have.keys('id', 'version', 'startedAt', 'maxConcurrent', 'running', 'seenAt', 'self');
    }
    const c = cluster.daemons[2]!;
    await c.kill('SIGTERM');
    const left = (await get(cluster.daemons[0]!.url, '/instances')).body.map((entry: { id: string }) => entry.id);
    expect(left.sort()).to.deep.equal(names.slice(0, 2).sort());
    await c.start();
  });

  it('keeps a job and its conversation across a daemon restart, and runs the follow-up', async () => {
    const a = cluster.daemons[0]!;
    const id = (await submitEmpty(a)).body.id as string;
    await waitForStatus(a.url, id, ['succeeded']);
    await a.kill('SIGTERM');
    await a.start();
    const again = await get<JobRecord>(a.url, `/jobs/${id}`);
    expect(again.body.status).to.equal('succeeded');
    const followUp = await post<JobRecord>(a.url, `/jobs/${id}/followup`, { message: 'once more' });
    expect(followUp.status).to.equal(202);
    const record = await waitForStatus(a.url, id, ['succeeded']);
    expect(record.turns.map((turn) => turn.role)).to.deep.equal(['agent', 'user', 'agent']);
    expect(record.turns[1]!.message).to.equal('once more');
    expect(record.attempts).to.equal(2);
  });
});
