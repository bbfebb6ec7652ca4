import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createEncryptingCodec } from '../../../daemon/security/encrypting-codec.js';
import { deleteKeys, openTestBackend, SHARED_REDIS, testPrefix } from '../queue/redis-test-support.js';
import { get, post, waitForStatus } from '../support/http-client.js';
import { ENCRYPTION_KEY, startSecureDaemon, type SecureDaemon } from './secure-daemon.js';

/** Flips one bit in the middle of the ciphertext part of a sealed envelope. */
function tamper(envelope: string): string {
  const parts = envelope.split(':');
  const bytes = Buffer.from(parts[4]!, 'base64url');
  bytes[bytes.length >> 1]! ^= 0x04;
  parts[4] = bytes.toString('base64url');
  return parts.join(':');
}

describe('encryption at rest in the Redis job store', function () {
  const prefix = testPrefix();
  let t: SecureDaemon;
  let redis: Redis;
  before(async () => {
    const settings = { algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY };
    const backend = await openTestBackend(prefix, { codec: createEncryptingCodec(settings) });
    t = await startSecureDaemon(
      (config) => {
        config.security.encryption = { enabled: true, ...settings };
      },
      { backend },
    );
    redis = new Redis({ host: SHARED_REDIS.host, port: SHARED_REDIS.port, db: SHARED_REDIS.db });
  });
  after(async () => {
    await t?.close();
    redis?.disconnect();
    await deleteKeys(prefix);
  });

  it('stores inputs, results and turns sealed: nothing of them is readable in Redis', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty', input: { note: 'confidential-input-7f3a' } });
    const done = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed']);
    expect(done.status).to.equal('succeeded');
    const stored = await redis.hget(`${prefix}:job:${done.id}`, 'd');
    expect(stored).to.match(/^agentd-sealed:v1:aes-256-gcm:/);
    expect(stored).to.not.include('confidential-input-7f3a').and.not.include('nothing to do').and.not.include('test-empty');
    const all = await redis.keys(`${prefix}:*`);
    for (const key of all.filter((k) => k.endsWith(`:job:${done.id}`))) {
      const fields = await redis.hgetall(key);
      expect(JSON.stringify(fields)).to.not.include('confidential-input-7f3a');
    }
  });

  it('a record altered in Redis is reported as a failed job with record_tampered, never decrypted to garbage', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty', input: { note: 'will-be-tampered' } });
    await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed']);
    const key = `${prefix}:job:${submitted.body.id}`;
    await redis.hset(key, 'd', tamper((await redis.hget(key, 'd'))!));
    const { status, body } = await get(t.url, `/jobs/${submitted.body.id}`);
    expect(status).to.equal(200);
    expect(body.status).to.equal('failed');
    expect(body.error.code).to.equal('record_tampered');
    expect(body.error.message).to.match(/integrity check/);
    expect(JSON.stringify(body)).to.not.include('will-be-tampered');
    const health = await get(t.url, '/health');
    expect(health.status).to.equal(200);
  });
});
