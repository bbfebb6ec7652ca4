/**
 * The Redis backend: a RedisQueue (BullMQ) and a RedisJobStore over shared connections, the pub/sub
 * channels between daemons, retention of finished jobs, and the event bridge. The connections close
 * when both the queue and the store are closed (the daemon closes both; so does the contract suite).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { JobEventBus } from '../../events/event-bus.js';
import { plainCodec, type RecordCodec } from '../../security/record-codec.js';
import type { QueueBackend } from '../backend.js';
import { bridgeEvents } from './event-bridge.js';
import { throttledReporter, type ErrorSink } from './error-reporter.js';
import { RedisChannels } from './redis-channels.js';
import { commandOptions, openClient, waitingOptions, type RedisEndpoint } from './redis-connection.js';
import { RedisJobStore } from './redis-job-store.js';
import { DEFAULT_LOCK, RedisQueue, type LockSettings } from './redis-queue.js';
import { Retention, type RetentionSettings } from './retention.js';
import { readDurability, type Durability } from './durability.js';
import { RedisRoster } from './redis-roster.js';
import { RedisThroughput } from './redis-throughput.js';

export interface RedisBackendOptions {
  endpoint: RedisEndpoint;
  /** Namespace of every key and channel; daemons that share work share the prefix. Default "agentd". */
  prefix?: string;
  codec?: RecordCodec;
  retention: RetentionSettings;
  /** How often retention runs (default one minute). */
  retentionIntervalMs?: number;
  lock?: LockSettings;
  /** Where connection errors are reported (throttled). Default: nowhere. */
  onError?: ErrorSink;
}

export interface RedisBackend extends QueueBackend {
  queue: RedisQueue;
  store: RedisJobStore;
  retention: Retention;
  roster: RedisRoster;
  throughput: RedisThroughput;
  attachEvents(bus: JobEventBus): () => void;
  /** Whether this Redis keeps the queue across a crash (durability.ts). */
  durability(): Promise<Durability>;
}

export async function createRedisBackend(options: RedisBackendOptions): Promise<RedisBackend> {
  const { endpoint } = options;
  const prefix = options.prefix ?? 'agentd';
  const codec = options.codec ?? plainCodec;
  const onError = throttledReporter(options.onError ?? (() => undefined));
  const client = await openClient(commandOptions(endpoint), endpoint, onError);
  const subscriber = await openClient(waitingOptions(endpoint), endpoint, onError).catch((error: unknown) => {
    client.disconnect();
    throw error;
  });
  const channels = new RedisChannels(subscriber, client, prefix);
  await channels.open();
  const queue = new RedisQueue({ endpoint, client, channels, prefix, lock: options.lock ?? DEFAULT_LOCK, onError });
  const store = new RedisJobStore({ client, endpoint, prefix, codec });
  const retention = new Retention(client, store, options.retention, onError);
  await queue.open();
  retention.start(options.retentionIntervalMs ?? 60_000);
  closeTogether(queue, store, async () => {
    retention.stop();
    channels.close();
    await Promise.allSettled([quit(subscriber), quit(client)]);
  });
  const origin = randomBytes(8).toString('hex');
  return {
    queue,
    store,
    retention,
    roster: new RedisRoster(client, prefix),
    throughput: new RedisThroughput(client, prefix),
    attachEvents: (bus) => bridgeEvents(bus, channels, codec, origin, onError),
    durability: () => readDurability(client),
  };
}

/** Wraps both close() methods so the shared connections go once both parts are closed. */
function closeTogether(queue: RedisQueue, store: RedisJobStore, release: () => Promise<void>): void {
  let open = 2;
  for (const part of [queue, store] as { close(): Promise<void> }[]) {
    const close = part.close.bind(part);
    let closed = false;
    part.close = async () => {
      await close();
      if (closed) return;
      closed = true;
      if (--open === 0) await release();
    };
  }
}

async function quit(client: Redis): Promise<void> {
  // quit() waits for Redis; while it is down that would hang, so an unready client just disconnects.
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
