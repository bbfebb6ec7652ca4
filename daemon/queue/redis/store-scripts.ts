/**
 * The Lua scripts that keep a job record and its indexes (all ids, per status, finished-by-time,
 * idempotency key) in step atomically. Updates are optimistic: the client reads the record with its
 * version, runs the mutator in JS, and `update` writes only if the version is unchanged (else the
 * client retries with the fresh record) — so one connection serves any number of concurrent updates.
 */
import type { Redis } from 'ioredis';

/** KEYS: job, all, status, seq, idem, finished. ARGV: id, data, status, hasIdem ('1' or ''), jobPrefix, createdAt, finishedScoreOrEmpty, summary. */
const CREATE = `
if ARGV[4] ~= '' then
  local other = redis.call('GET', KEYS[5])
  if other and redis.call('EXISTS', ARGV[5] .. other) == 1 then return {0, other} end
end
if redis.call('EXISTS', KEYS[1]) == 1 then return {-1, ''} end
local seq = redis.call('INCR', KEYS[4])
local idem = ''
if ARGV[4] ~= '' then idem = KEYS[5] end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[2], 's', ARGV[3], 'q', seq, 'c', ARGV[6], 'k', idem, 'm', ARGV[8])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
redis.call('ZADD', KEYS[3], seq, ARGV[1])
if ARGV[4] ~= '' then redis.call('SET', KEYS[5], ARGV[1]) end
if ARGV[7] ~= '' then redis.call('ZADD', KEYS[6], ARGV[7], ARGV[1]) end
return {1, ''}`;

/** KEYS: job, oldStatus, newStatus, finished. ARGV: id, expectedVersion, data, newStatus, finishedScoreOrEmpty, summary. */
const UPDATE = `
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return -1 end
if v ~= ARGV[2] then return 0 end
local seq = redis.call('HGET', KEYS[1], 'q')
redis.call('HSET', KEYS[1], 'v', tonumber(v) + 1, 'd', ARGV[3], 's', ARGV[4], 'm', ARGV[6])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], seq, ARGV[1])
if ARGV[5] == '' then redis.call('ZREM', KEYS[4], ARGV[1]) else redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1]) end
return 1`;

/**
 * KEYS: job, all, finished, parts. ARGV: id, statusPrefix, onlyIfFinished ('1' or ''), partPrefix
 * (ends with "<id>:"). The hash's `k` names the idempotency key; the parts hash names the job's parts,
 * which go with it. Retention passes onlyIfFinished, so a job re-queued meanwhile is kept.
 */
const REMOVE = `
local fields = redis.call('HMGET', KEYS[1], 's', 'k')
if not fields[1] then
  redis.call('ZREM', KEYS[3], ARGV[1])
  return 0
end
if ARGV[3] ~= '' and not redis.call('ZSCORE', KEYS[3], ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
for _, part in ipairs(redis.call('HKEYS', KEYS[4])) do redis.call('DEL', ARGV[4] .. part) end
redis.call('DEL', KEYS[4])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', ARGV[2] .. fields[1], ARGV[1])
if fields[2] and fields[2] ~= '' then
  if redis.call('GET', fields[2]) == ARGV[1] then redis.call('DEL', fields[2]) end
end
return 1`;

export interface StoreScripts {
  agentdCreate(...args: (string | number)[]): Promise<[number, string]>;
  agentdUpdate(...args: (string | number)[]): Promise<number>;
  agentdRemove(...args: (string | number)[]): Promise<number>;
}

export function defineStoreScripts(client: Redis): Redis & StoreScripts {
  client.defineCommand('agentdCreate', { numberOfKeys: 6, lua: CREATE });
  client.defineCommand('agentdUpdate', { numberOfKeys: 4, lua: UPDATE });
  client.defineCommand('agentdRemove', { numberOfKeys: 4, lua: REMOVE });
  return client as Redis & StoreScripts;
}
