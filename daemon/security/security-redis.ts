/**
 * The one Redis connection of the security parts (shared rate-limit budget, webhook replay guard),
 * opened when Redis is the queue, with the queue's endpoint and the Redis backend's fail-fast command
 * options: while Redis is away commands fail at once and the callers fail open (rate limit) or answer
 * 503 (webhooks) rather than hang. Start-up waits briefly for the connection but never fails on it —
 * the queue backend already refuses to start without Redis.
 */
import { Redis } from 'ioredis';
import type { AgentdConfig } from '../config/types.js';
import { parseQueueUrl } from '../config/queue-url.js';
import { commandOptions, type RedisEndpoint } from '../queue/redis/redis-connection.js';
import type { Logger } from '../logging/types.js';

const CONNECT_WAIT_MS = 3000;

export function securityEndpoint(config: AgentdConfig): RedisEndpoint | null {
  if (config.queue.type !== 'redis') return null;
  const { external } = config.queue;
  const fromUrl = config.queue.url ? parseQueueUrl(config.queue.url) : null;
  return {
    host: external.host,
    port: external.port,
    password: external.password,
    db: external.db,
    username: fromUrl?.username ?? null,
    tls: fromUrl?.protocol === 'rediss:',
  };
}

export async function openSecurityRedis(endpoint: RedisEndpoint, logger: Logger): Promise<Redis> {
  const client = new Redis({ ...commandOptions(endpoint), connectionName: 'agentd-security', lazyConnect: true });
  client.on('error', () => undefined); // reported by the callers, throttled; ioredis reconnects by itself
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    client.connect().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CONNECT_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!waited)
    logger.warn('security parts could not reach Redis yet; rate limiting passes requests until it does', {
      host: endpoint.host,
      port: endpoint.port,
    });
  return client;
}
