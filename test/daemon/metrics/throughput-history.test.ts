/**
 * The throughput history: jobs finished per minute by final status, in memory and on the machine's real
 * Redis, where the counts of several daemons of one queue add up in the same minutes.
 */
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { MemoryThroughput } from '../../../daemon/metrics/throughput-history.js';
import { RedisThroughput } from '../../../daemon/queue/redis/redis-throughput.js';
import { deleteKeys, SHARED_REDIS, testPrefix } from '../queue/redis-test-support.js';

const NOW = new Date('2026-11-26T15:30:40.000Z');
const minutesAgo = (n: number): Date => new Date(NOW.getTime() - n * 60_000);

describe('throughput history', () => {
  it('in memory: one bucket per minute up to now, oldest first, empty minutes as zeros', async () => {
    const history = new MemoryThroughput();
    await history.record('succeeded', minutesAgo(0));
    await history.record('succeeded', minutesAgo(0));
    await history.record('failed', minutesAgo(2));
    await history.record('cancelled', minutesAgo(10)); // outside the window read below
    const buckets = await history.read(3, NOW);
    expect(buckets).to.deep.equal([
      { at: '2026-11-26T15:28:00.000Z', succeeded: 0, incomplete: 0, failed: 1, cancelled: 0 },
      { at: '2026-11-26T15:29:00.000Z', succeeded: 0, incomplete: 0, failed: 0, cancelled: 0 },
      { at: '2026-11-26T15:30:00.000Z', succeeded: 2, incomplete: 0, failed: 0, cancelled: 0 },
    ]);
  });

  it('in memory: forgets minutes older than a day', async () => {
    const history = new MemoryThroughput();
    await history.record('succeeded', minutesAgo(24 * 60 + 5));
    await history.record('succeeded', NOW);
    const day = await history.read(24 * 60 + 10, NOW);
    expect(day.reduce((sum, bucket) => sum + bucket.succeeded, 0)).to.equal(1);
  });

  describe('on Redis', () => {
    let client: Redis;
    let prefix: string;
    beforeEach(() => {
      client = new Redis({ host: SHARED_REDIS.host, port: SHARED_REDIS.port });
      prefix = testPrefix();
    });
    afterEach(async () => {
      client.disconnect();
      await deleteKeys(prefix);
    });

    it('adds up the jobs two daemons finished in the same minutes, and the keys expire on their own', async () => {
      const [a, b] = [new RedisThroughput(client, prefix), new RedisThroughput(client, prefix)];
      await a.record('succeeded', minutesAgo(1));
      await b.record('succeeded', minutesAgo(1));
      await b.record('incomplete', minutesAgo(0));
      const expected = [
        { at: '2026-11-26T15:29:00.000Z', succeeded: 2, incomplete: 0, failed: 0, cancelled: 0 },
        { at: '2026-11-26T15:30:00.000Z', succeeded: 0, incomplete: 1, failed: 0, cancelled: 0 },
      ];
      expect(await a.read(2, NOW)).to.deep.equal(expected);
      expect(await b.read(2, NOW)).to.deep.equal(expected);
      const ttl = await client.pttl(`${prefix}:throughput:${Math.floor(minutesAgo(1).getTime() / 60_000)}`);
      expect(ttl)
        .to.be.above(24 * 3600 * 1000)
        .and.at.most(25 * 3600 * 1000);
    });
  });
});
