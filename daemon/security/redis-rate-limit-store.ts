/**
 * Rate-limit counters in Redis, so daemons sharing a queue share one budget per client. One Lua script
 * does INCR + PEXPIRE + PTTL atomically: two daemons counting the same client never lose a hit, and a
 * key never lives without an expiry (a crash between INCR and PEXPIRE would otherwise pin it forever).
 */
import type { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly name = 'redis';

  /** `client` is shared with the other security parts and closed by their owner (security-setup.ts). */
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.client.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, String(windowMs))) as [number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }

  async close(): Promise<void> {
    /* the shared client is closed by its owner */
  }
}
