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

export interface QueueBackend {
  queue: Queue;
  store: JobStore;
  /**
   * Shares job events with the other daemons on the same backend (Redis); returns the detach function.
   * Absent for a backend only one daemon uses.
   */
  attachEvents?(bus: JobEventBus): () => void;
}

export interface QueueBackendOptions {
  /** Encodes every job record, result and turn the backend persists (default: plain JSON). */
  codec?: RecordCodec;
  /** Where a networked backend reports connection trouble. */
  logger?: Logger;
}

export function createMemoryBackend(): QueueBackend {
  return { queue: new MemoryQueue(), store: new MemoryJobStore() };
}

/** The backend the configuration asks for: in memory, or Redis (BullMQ) when queue.type is "redis". */
export async function createQueueBackend(config: AgentdConfig, options: QueueBackendOptions = {}): Promise<QueueBackend> {
  if (config.queue.type === 'memory' && config.queue.url === null) return createMemoryBackend();
  if (config.queue.type !== 'redis') {
    throw new AgentdError('invalid_config', `queue.type "${config.queue.type}" does not take a queue URL; set queue.type to "redis" or remove --queue-url.`);
  }
  const { external, retention } = config.queue;
  const fromUrl = config.queue.url ? parseQueueUrl(config.queue.url) : null;
  // Loaded on demand: a daemon on the in-memory queue never loads BullMQ and ioredis.
  const { createRedisBackend } = await import('./redis/redis-backend.js');
  return createRedisBackend({
    endpoint: {
      host: external.host, port: external.port, password: external.password, db: external.db,
      username: fromUrl?.username ?? null, tls: fromUrl?.protocol === 'rediss:',
    },
    retention,
    codec: options.codec,
    onError: options.logger ? (message, fields) => options.logger!.warn(message, fields) : undefined,
  });
}
