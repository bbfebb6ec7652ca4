/**
 * Redis for the backend tests: the machine's Redis on 127.0.0.1:6379 (scripts/ensure-services.sh),
 * a random key prefix per backend so runs never see each other, and a sweep of that prefix afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisBackend, type RedisBackend, type RedisBackendOptions } from '../../../daemon/queue/redis/redis-backend.js';
import type { RedisEndpoint } from '../../../daemon/queue/redis/redis-connection.js';

export const SHARED_REDIS: RedisEndpoint = {
  host: '127.0.0.1',
  port: Number(process.env.AGENTD_TEST_REDIS_PORT ?? 6379),
  password: null,
  db: 0,
};

export function testPrefix(): string {
  return `agentd-test-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function openTestBackend(prefix: string, overrides: Partial<RedisBackendOptions> = {}): Promise<RedisBackend> {
  return createRedisBackend({
    endpoint: SHARED_REDIS,
    prefix,
    retention: { maxCount: 10_000, maxAgeSec: 3600 },
    retentionIntervalMs: 3_600_000,
    // Short locks so the recovery tests finish quickly; the daemon's defaults are in DEFAULT_LOCK.
    lock: { lockDurationMs: 1000, stalledIntervalMs: 500 },
    ...overrides,
  });
}

/** Every key under the prefix (a test asserts on this to prove cleanup and retention). */
export async function keysUnder(prefix: string, endpoint: RedisEndpoint = SHARED_REDIS): Promise<string[]> {
  const client = new Redis({ host: endpoint.host, port: endpoint.port, db: endpoint.db });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    return keys;
  } finally {
    client.disconnect();
  }
}

export async function deleteKeys(prefix: string, endpoint: RedisEndpoint = SHARED_REDIS): Promise<void> {
  const keys = await keysUnder(prefix, endpoint);
  if (keys.length === 0) return;
  const client = new Redis({ host: endpoint.host, port: endpoint.port, db: endpoint.db });
  try {
    for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
  } finally {
    client.disconnect();
  }
}
