import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createMemoryBackend } from '../../../daemon/queue/backend.js';
import { request } from '../support/http-client.js';
import { API_KEY, randomPrefix, startSecureDaemon, type SecureDaemon } from './secure-daemon.js';

const REDIS_URL = 'redis://127.0.0.1:6379/0';

describe('rate limiting (memory store)', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.security.rateLimiting = { enabled: true, requests: 3, window: '10m', windowMs: 600_000 };
    });
  });
  after(() => t.close());

  it('counts down RateLimit-Remaining, then answers 429 rate_limited with Retry-After', async () => {
    const headers = { 'x-api-key': API_KEY };
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const reply = await request(t.url, 'GET', '/stats', undefined, headers);
      expect(reply.status).to.equal(200);
      expect(reply.headers.get('ratelimit-limit')).to.equal('3');
      expect(reply.headers.get('ratelimit-policy')).to.equal('3;w=600');
      remaining.push(reply.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);
    const limited = await request(t.url, 'GET', '/stats', undefined, headers);
    expect(limited.status).to.equal(429);
    expect(limited.body.error.code).to.equal('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).to.be.greaterThan(0).and.at.most(600);
    expect(Number(limited.headers.get('ratelimit-reset'))).to.equal(retryAfter);
  });

  it('never limits /health, even for a client over its budget', async () => {
    for (let i = 0; i < 10; i += 1) {
      const reply = await request(t.url, 'GET', '/health');
      expect(reply.status).to.equal(200);
      expect(reply.headers.get('ratelimit-limit')).to.equal(null);
    }
  });

  it('counts by address for clients without the key: made-up keys do not buy a fresh budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await request(t.url, 'GET', '/stats', undefined, { 'x-api-key': `made-up-${i}` })).status);
    expect(statuses.slice(0, 3)).to.deep.equal([401, 401, 401]);
    expect(statuses.slice(3)).to.deep.equal([429, 429]);
  });
});

describe('rate limiting shared in Redis by two daemons', function () {
  const prefix = randomPrefix();
  let a: SecureDaemon;
  let b: SecureDaemon;
  const configure = (config: Parameters<Parameters<typeof startSecureDaemon>[0] & {}>[0]) => {
    config.security.apiKey = API_KEY;
    config.security.rateLimiting = { enabled: true, requests: 4, window: '10m', windowMs: 600_000 };
    config.queue.type = 'redis';
    config.queue.url = REDIS_URL;
  };
  before(async () => {
    // The job queue stays in memory here: what is shared is only the limiter's budget.
    a = await startSecureDaemon(configure, { backend: createMemoryBackend(), securityRedisPrefix: prefix });
    b = await startSecureDaemon(configure, { backend: createMemoryBackend(), securityRedisPrefix: prefix });
  });
  after(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('one client gets 4 requests in total across both daemons, then 429 from either', async () => {
    const headers = { authorization: `Bearer ${API_KEY}` };
    const statuses: number[] = [];
    for (const daemon of [a, b, a, b, a, b]) statuses.push((await request(daemon.url, 'GET', '/stats', undefined, headers)).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 429, 429]);
  });

  it('keeps the raw API key out of Redis (the client is counted under a hash)', async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    await redis.quit();
    expect(keys.length).to.be.greaterThan(0);
    for (const key of keys) expect(key).to.not.include(API_KEY);
  });
});
