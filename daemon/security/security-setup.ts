/**
 * The daemon's security parts, built once from the configuration: the auth, rate-limit and CORS
 * settings the express app mounts, the JWT issuer, the webhook secret and replay guard, and the
 * record codec the queue backend and scratch folders use. Redis-backed parts (shared rate-limit
 * budget, replay guard) are used when Redis is the queue, so several daemons act as one.
 */
import type { AgentdConfig } from '../config/types.js';
import type { Logger } from '../logging/types.js';
import { MemoryDeliveryGuard, RedisDeliveryGuard, type DeliveryGuard } from './delivery-guard.js';
import { createEncryptingCodec } from './encrypting-codec.js';
import { JwtTokens } from './jwt-tokens.js';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.js';
import { plainCodec, type RecordCodec } from './record-codec.js';
import type { Redis } from 'ioredis';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';
import { WebhookEventBus } from '../events/webhook-events.js';

export interface SecurityParts {
  apiKey: string | null;
  jwt: JwtTokens | null;
  protectMetrics: boolean;
  corsOrigins: string[];
  rateLimit: { requests: number; windowMs: number; store: RateLimitStore } | null;
  webhook: { secret: string; guard: DeliveryGuard } | null;
  webhooks: WebhookEventBus;
  codec: RecordCodec;
  /** The shared Redis connection when daemons share a Redis queue and webhooks are on (the GitHub App's state lives there too), else null. */
  redis: Redis | null;
  /** Namespace of this daemon's security keys in Redis. */
  redisPrefix: string;
  close(): Promise<void>;
}

export interface SecurityOptions {
  /** Namespace of the Redis keys (rate-limit counters, delivery ids); tests pass a random one. */
  redisPrefix?: string;
  /** The record codec, when the caller already built it (recordCodecFor) to fail fast on bad settings. */
  codec?: RecordCodec;
}

/** The codec job data is stored with: sealed when security.encryption.enabled (throws invalid_config on a bad setting). */
export function recordCodecFor(config: AgentdConfig): RecordCodec {
  const { enabled, algorithm, key } = config.security.encryption;
  return enabled ? createEncryptingCodec({ algorithm, key }) : plainCodec;
}

export async function createSecurity(config: AgentdConfig, logger: Logger, options: SecurityOptions = {}): Promise<SecurityParts> {
  const { security, github } = config;
  const needsRedis = config.queue.type === 'redis' && (security.rateLimiting.enabled || github.webhookSecret !== null);
  // Loaded on demand, like the Redis queue backend: a daemon on the in-memory queue never loads ioredis.
  const redis = needsRedis
    ? await import('./security-redis.js').then((m) => m.openSecurityRedis(m.securityEndpoint(config)!, logger))
    : null;
  const prefix = options.redisPrefix ?? 'agentd:security:';
  const codec = options.codec ?? recordCodecFor(config);
  const jwt = security.jwtSecret ? new JwtTokens(security.jwtSecret, security.jwtExpiresIn) : null;
  const rateLimit = security.rateLimiting.enabled
    ? {
        requests: security.rateLimiting.requests,
        windowMs: security.rateLimiting.windowMs,
        store: redis ? new RedisRateLimitStore(redis, `${prefix}ratelimit:`) : new MemoryRateLimitStore(),
      }
    : null;
  const webhook = github.webhookSecret
    ? { secret: github.webhookSecret, guard: redis ? new RedisDeliveryGuard(redis, `${prefix}delivery:`) : new MemoryDeliveryGuard() }
    : null;
  const webhooks = new WebhookEventBus();
  if (security.encryption.enabled) logger.info('job data is encrypted at rest', { algorithm: security.encryption.algorithm });
  return {
    apiKey: security.apiKey,
    jwt,
    protectMetrics: security.protectMetrics,
    corsOrigins: security.corsOrigins,
    rateLimit,
    webhook,
    webhooks,
    codec,
    redis,
    redisPrefix: prefix,
    async close() {
      webhooks.close();
      await Promise.allSettled([rateLimit?.store.close(), webhook?.guard.close()]);
      if (redis)
        await redis
          .quit()
          .catch(() => undefined)
          .finally(() => redis.disconnect());
    },
  };
}
