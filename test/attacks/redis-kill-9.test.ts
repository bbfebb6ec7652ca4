/**
 * Issue #15 §5: a Redis without persistence loses the queue on a restart. The daemon now reads Redis's
 * persistence and eviction settings at start-up (warning, or refusing with --require-durable-queue), and
 * a Redis run as documented (AOF on, noeviction) loses no acknowledged job to a `kill -9`. Each Redis
 * here is the test's own, on a free port in a temp folder; the shared one on 6379 is never touched.
 */
import { expect } from 'chai';
import { AgentdError } from '../../core/index.js';
import type { AgentdConfig } from '../../daemon/config/types.js';
import { freePort } from '../cli/support/agentd-process.js';
import { TestRedisServer } from '../daemon/multi-instance/support/redis-server.js';
import { get, post, waitForStatus } from '../daemon/support/http-client.js';
import { startSecureDaemon, type SecureDaemon } from '../daemon/security/secure-daemon.js';

function onRedis(redis: TestRedisServer, requireDurable = false): (config: AgentdConfig) => void {
  return (config) => {
    config.queue.type = 'redis';
    config.queue.url = redis.url;
    config.queue.external = { host: '127.0.0.1', port: redis.port, password: null, db: 0 };
    config.queue.requireDurable = requireDurable;
    config.server.maxConcurrent = 2;
  };
}

describe('attack: a Redis that loses the queue, and a kill -9 of a durable one', function () {
  this.timeout(120_000);
  const servers: TestRedisServer[] = [];
  const daemons: SecureDaemon[] = [];

  async function redisWith(settings: { appendonly?: boolean; maxmemoryPolicy?: string }): Promise<TestRedisServer> {
    const redis = new TestRedisServer(await freePort(), true, settings);
    servers.push(redis);
    await redis.start();
    return redis;
  }

  afterEach(async () => {
    await Promise.allSettled(daemons.splice(0).map((daemon) => daemon.close()));
    await Promise.allSettled(servers.splice(0).map((redis) => redis.remove()));
  });

  it('no persistence and an evicting policy: the daemon starts, warning what would be lost and how to fix it', async () => {
    const redis = await redisWith({ appendonly: false, maxmemoryPolicy: 'allkeys-lru' });
    const daemon = await startSecureDaemon(onRedis(redis));
    daemons.push(daemon);
    const warning = daemon
      .output()
      .split('\n')
      .find((line) => line.includes('may lose queued jobs'));
    expect(warning, daemon.output()).to.be.a('string');
    expect(warning)
      .to.include('appendonly is \\"no\\" and no RDB snapshots either')
      .and.to.include('maxmemory-policy is \\"allkeys-lru\\"');
    expect(warning).to.include('--require-durable-queue');
  });

  it('--require-durable-queue: start-up refused with queue_not_durable', async () => {
    const redis = await redisWith({ appendonly: false });
    const error = await startSecureDaemon(onRedis(redis, true)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('queue_not_durable');
    expect((error as AgentdError).message).to.include('appendonly');
  });

  it('AOF on and noeviction: no warning, and a kill -9 of Redis mid-burst loses no acknowledged job', async () => {
    const redis = await redisWith({});
    const daemon = await startSecureDaemon(onRedis(redis, true));
    daemons.push(daemon);
    expect(daemon.output()).not.to.include('may lose queued jobs');
    const accepted: string[] = [];
    for (let i = 0; i < 20; i++) {
      const reply = await post(daemon.url, '/jobs', { capability: 'analysis.test-slow', input: { ms: 150 }, mode: 'auto' });
      expect(reply.status).to.equal(202);
      accepted.push(reply.body.id as string);
    }
    await redis.kill();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await redis.start();
    for (const id of accepted) {
      const record = await waitForStatus(daemon.url, id, ['succeeded', 'failed', 'cancelled'], 60_000);
      expect(record.status, `${id}: ${JSON.stringify(record.error)}`).to.equal('succeeded');
    }
    expect((await get(daemon.url, '/stats')).body).to.include({ succeeded: accepted.length, queued: 0, running: 0 });
  });
});
