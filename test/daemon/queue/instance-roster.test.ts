/**
 * The instance roster: in memory (this daemon alone) and on the machine's real Redis (entries with a
 * time to live, so a daemon that stops beating drops out, and one that leaves is gone at once).
 */
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { MemoryRoster, type InstanceInfo } from '../../../daemon/queue/instance-roster.js';
import { RedisRoster } from '../../../daemon/queue/redis/redis-roster.js';
import { deleteKeys, keysUnder, SHARED_REDIS, testPrefix } from './redis-test-support.js';

const info = (id: string, startedAt: string): InstanceInfo => ({
  id,
  version: '1.2.3',
  startedAt,
  maxConcurrent: 2,
  running: 1,
  seenAt: new Date().toISOString(),
});

describe('instance roster', () => {
  it('in memory: lists what beat, oldest first, and forgets what left', async () => {
    const roster = new MemoryRoster();
    await roster.beat(info('b', '2026-01-02T00:00:00.000Z'));
    await roster.beat(info('a', '2026-01-03T00:00:00.000Z'));
    expect((await roster.list()).map((entry) => entry.id)).to.deep.equal(['b', 'a']);
    await roster.leave('b');
    expect((await roster.list()).map((entry) => entry.id)).to.deep.equal(['a']);
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

    it('lists every daemon of the prefix from any of them; one that leaves is gone at once, its keys too', async () => {
      const [a, b] = [new RedisRoster(client, prefix), new RedisRoster(client, prefix)];
      await a.beat(info('daemon-a', '2026-01-01T00:00:00.000Z'));
      await b.beat(info('daemon-b', '2026-01-02T00:00:00.000Z'));
      expect(await a.list()).to.deep.equal(await b.list());
      expect((await a.list()).map((entry) => entry.id)).to.deep.equal(['daemon-a', 'daemon-b']);
      await b.leave('daemon-b');
      expect((await a.list()).map((entry) => entry.id)).to.deep.equal(['daemon-a']);
      await a.leave('daemon-a');
      expect(await keysUnder(prefix)).to.deep.equal([]);
    });

    it('drops a daemon that stopped beating once its entry expires, and keeps one that beats', async () => {
      const roster = new RedisRoster(client, prefix, 300);
      await roster.beat(info('crashed', '2026-01-01T00:00:00.000Z'));
      await roster.beat(info('alive', '2026-01-02T00:00:00.000Z'));
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await roster.beat(info('alive', '2026-01-02T00:00:00.000Z'));
      }
      expect((await roster.list()).map((entry) => entry.id)).to.deep.equal(['alive']);
      expect(await client.smembers(`${prefix}:instances`), 'the expired id left the set').to.deep.equal(['alive']);
    });
  });
});
