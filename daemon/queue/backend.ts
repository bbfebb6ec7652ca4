/** A queue backend is a Queue and the JobStore that goes with it (both in memory, or both in Redis). */
import { AgentdError } from '../../core/index.js';
import type { AgentdConfig } from '../config/types.js';
import { MemoryJobStore } from '../jobs/memory-job-store.js';
import type { JobStore } from '../jobs/job-store.js';
import { MemoryQueue } from './memory-queue.js';
import type { Queue } from './queue.js';

export interface QueueBackend {
  queue: Queue;
  store: JobStore;
}

export function createMemoryBackend(): QueueBackend {
  return { queue: new MemoryQueue(), store: new MemoryJobStore() };
}

/** The backend the configuration asks for. The Redis backend plugs in here when it exists. */
export async function createQueueBackend(config: AgentdConfig): Promise<QueueBackend> {
  if (config.queue.type === 'memory' && config.queue.url === null) return createMemoryBackend();
  throw new AgentdError(
    'invalid_config',
    `queue.type "${config.queue.type}" (url "${config.queue.url ?? ''}") is not supported by this build; remove --queue-url to use the in-memory queue.`,
  );
}
