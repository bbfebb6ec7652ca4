/** A queue backend is a Queue and the JobStore that goes with it (both in memory, or both in Redis). */
import { AgentdError } from '../../core/index.js';
import type { AgentdConfig } from '../config/types.js';
import type { JobEventBus } from '../events/event-bus.js';
import { MemoryJobStore } from '../jobs/memory-job-store.js';
import type { JobStore } from '../jobs/job-store.js';
import type { Logger } from '../logging/types.js';
import type { RecordCodec } from '../security/record-codec.js';
import { parseQueueUrl } from '../config/queue-url.js';
import { MemoryQueue } from './memory-queue.js';
import type { Queue } from './queue.js';
import { MemoryRoster, type InstanceRoster } from './instance-roster.js';
import { MemoryThroughput, type ThroughputHistory } from '../metrics/throughput-history.js';

export interface QueueBackend {
  queue: Queue;
  store: JobStore;
  /**
   * Shares job events with the other daemons on the same backend (Redis); returns the detach function.
   * Absent for a backend only one daemon uses.
   */
  attachEvents?(bus: JobEventBus): () => void;
  /** The daemons serving this backend (instance-roster.ts); absent: this daemon alone, in memory. */
  roster?: InstanceRoster;
  /** Jobs finished per minute, shared by the daemons of the backend (throughput-history.ts); absent: in memory. */
  throughput?: ThroughputHistory;
}

export interface QueueBackendOptions {
  /** Encodes every job record, result and turn the backend persists (default: plain JSON). */
  codec?: RecordCodec;
  /** Where a networked backend reports connection trouble. */
  logger?: Logger;
}

export function createMemoryBackend(): QueueBackend {
  return { queue: new MemoryQueue(), store: new MemoryJobStore(), roster: new MemoryRoster(), throughput: new MemoryThroughput() };
}

/** The backend the configuration asks for: in memory, or Redis (BullMQ) when queue.type is "redis". */
export async function createQueueBackend(config: AgentdConfig, options: QueueBackendOptions = {}): Promise<QueueBackend> {
  if (config.queue.type === 'memory' && config.queue.url === null) return createMemoryBackend();
  if (config.queue.type !== 'redis') {
    throw new AgentdError(
      'invalid_config',
      `queue.type "${config.queue.type}" does not take a queue URL; set queue.type to "redis" or remove --queue-url.`,
    );
  }
  const { external, retention } = config.queue;
  const fromUrl = config.queue.url ? parseQueueUrl(config.queue.url) : null;
  // Loaded on demand: a daemon on the in-memory queue never loads BullMQ and ioredis.
  const { createRedisBackend } = await import('./redis/redis-backend.js');
  const backend = await createRedisBackend({
    endpoint: {
      host: external.host,
      port: external.port,
      password: external.password,
      db: external.db,
      username: fromUrl?.username ?? null,
      tls: fromUrl?.protocol === 'rediss:',
    },
    retention,
    codec: options.codec,
    onError: options.logger ? (message, fields) => options.logger!.warn(message, fields) : undefined,
  });
  await checkDurable(backend, config, options.logger);
  return backend;
}

/**
 * A Redis that would lose the queue on a crash is a warning, or — with queue.requireDurable
 * (--require-durable-queue) — a refusal to start.
 */
async function checkDurable(
  backend: { durability(): Promise<{ problems: string[] }>; queue: Queue; store: JobStore },
  config: AgentdConfig,
  logger?: Logger,
): Promise<void> {
  const { problems } = await backend.durability();
  if (problems.length === 0) return;
  const where = `Redis at ${config.queue.external.host}:${config.queue.external.port}`;
  if (config.queue.requireDurable) {
    await Promise.allSettled([backend.queue.close(), backend.store.close()]);
    throw new AgentdError(
      'queue_not_durable',
      `${where} does not keep the queue across a crash: ${problems.join('; ')} (queue.requireDurable is set; see docs/configuration.md, "A durable Redis").`,
    );
  }
  logger?.warn(
    `${where} may lose queued jobs: ${problems.join('; ')}; start with --require-durable-queue to refuse such a Redis (docs/configuration.md, "A durable Redis")`,
    { problems },
  );
}
