import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createEncryptingCodec } from '../../../daemon/security/encrypting-codec.js';
import type { RedisBackend } from '../../../daemon/queue/redis/redis-backend.js';
import { sampleJob } from './queue-contract.js';
import { deleteKeys, keysUnder, openTestBackend, SHARED_REDIS, testPrefix } from './redis-test-support.js';

/** What the Redis backend adds beyond the shared contract: atomic updates, retention, sealed records. */
describe('Redis job store', function () {
  this.timeout(20_000);
  let prefix: string;
  let backends: RedisBackend[];

  beforeEach(() => {
    prefix = testPrefix();
    backends = [];
  });

  afterEach(async () => {
    for (const backend of backends) await Promise.all([backend.queue.close(), backend.store.close()]);
    await deleteKeys(prefix);
  });

  async function open(options: Parameters<typeof openTestBackend>[1] = {}): Promise<RedisBackend> {
    const backend = await openTestBackend(prefix, options);
    backends.push(backend);
    return backend;
  }

  it('applies concurrent updates from two daemons one after the other, losing none', async () => {
    const [a, b] = [await open(), await open()];
    const job = sampleJob();
    await a.store.create(job);
    const bump = (backend: RedisBackend) => backend.store.update(job.id, (current) => ({ ...current, attempts: current.attempts + 1 }));
    await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 ? a : b)));
    expect((await b.store.get(job.id))!.attempts).to.equal(40);
  });

  it('deletes finished jobs beyond retention.maxCount and older than maxAgeSec, and nothing else', async () => {
    const backend = await open({ retention: { maxCount: 3, maxAgeSec: 3600 } });
    const hourAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    const old = sampleJob({ status: 'succeeded', finishedAt: hourAgo });
    const finished = [1, 2, 3, 4].map((i) => sampleJob({ status: 'failed', finishedAt: new Date(Date.now() - i * 1000).toISOString() }));
    const waiting = sampleJob({ status: 'queued' }, { idempotencyKey: 'keep-me' });
    const gone = sampleJob({ status: 'cancelled', finishedAt: hourAgo }, { idempotencyKey: 'free-me' });
    for (const job of [old, ...finished, waiting, gone]) await backend.store.create(job);
    expect(await backend.retention.prune()).to.equal(3); // two too old, then the oldest of the four recent ones
    const left = (await backend.store.list({ limit: 50 })).jobs.map((job) => job.id);
    expect(left).to.have.members([waiting.id, finished[0]!.id, finished[1]!.id, finished[2]!.id]);
    expect(await backend.store.counts()).to.include({ total: 4, failed: 3, queued: 1, succeeded: 0, cancelled: 0 });
    const keys = await keysUnder(prefix);
    for (const id of [old.id, gone.id, finished[3]!.id])
      expect(
        keys.some((key) => key.includes(id)),
        id,
      ).to.equal(false);
    expect((await backend.store.create(sampleJob({}, { idempotencyKey: 'free-me' }))).created).to.equal(true);
    expect((await backend.store.create(sampleJob({}, { idempotencyKey: 'keep-me' }))).created).to.equal(false);
  });

  it('keeps a job out of retention once a follow-up re-queues it', async () => {
    const backend = await open({ retention: { maxCount: 1, maxAgeSec: 60 } });
    const job = sampleJob({ status: 'succeeded', finishedAt: new Date(Date.now() - 3600_000).toISOString() });
    await backend.store.create(job);
    await backend.store.update(job.id, (current) => ({ ...current, status: 'queued', finishedAt: null }));
    expect(await backend.retention.prune()).to.equal(0);
    expect((await backend.store.get(job.id))!.status).to.equal('queued');
  });

  it('stores sealed records with the encrypting codec and fails a tampered one with record_tampered', async () => {
    const codec = createEncryptingCodec({ algorithm: 'aes-256-gcm', key: 'a long test secret for the redis store test' });
    const backend = await open({ codec });
    const job = sampleJob({ task: 'secret task text' });
    await backend.store.create(job);
    const raw = new Redis({ host: SHARED_REDIS.host, port: SHARED_REDIS.port });
    try {
      const sealed = (await raw.hget(`${prefix}:job:${job.id}`, 'd'))!;
      expect(sealed).to.not.include('secret task text');
      expect(await backend.store.get(job.id)).to.deep.equal(job);
      const flipped = sealed.slice(0, -4) + (sealed.at(-4) === 'A' ? 'B' : 'A') + sealed.slice(-3);
      await raw.hset(`${prefix}:job:${job.id}`, 'd', flipped);
    } finally {
      raw.disconnect();
    }
    const read = await backend.store.get(job.id);
    expect(read!.status).to.equal('failed');
    expect(read!.error!.code).to.equal('record_tampered');
    let started = false;
    await backend.store.update(job.id, (current) => ((started = current.status === 'queued'), undefined));
    expect(started, 'a tampered job is never run').to.equal(false);
    expect(await backend.store.counts()).to.include({ failed: 1, queued: 0 });
  });

  it('refuses to start with unavailable, naming the endpoint, when its Redis does not answer', async () => {
    const { createRedisBackend } = await import('../../../daemon/queue/redis/redis-backend.js');
    const unreachable = await createRedisBackend({
      endpoint: { ...SHARED_REDIS, port: 1 },
      prefix,
      retention: { maxCount: 1, maxAgeSec: 60 },
    }).catch((error: Error) => error);
    expect(unreachable).to.be.instanceOf(Error);
    expect((unreachable as Error & { code?: string }).code).to.equal('unavailable');
    expect((unreachable as Error).message).to.include('redis://127.0.0.1:1/0');
  });

  it('names the cause Redis gave when it refuses the credentials (WRONGPASS), not "Connection is closed"', async () => {
    const { createRedisBackend } = await import('../../../daemon/queue/redis/redis-backend.js');
    const endpoint = { ...SHARED_REDIS, username: 'agentd-no-such-user', password: 'wrong-password' };
    const refused = await createRedisBackend({ endpoint, prefix, retention: { maxCount: 1, maxAgeSec: 60 } }).catch(
      (error: Error) => error,
    );
    expect((refused as Error & { code?: string }).code).to.equal('unavailable');
    expect((refused as Error).message)
      .to.include('WRONGPASS')
      .and.not.include('wrong-password');
  });
});
