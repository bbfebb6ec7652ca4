export type { Queue, QueueCounts, EnqueueOptions } from './queue.js';
export { MemoryQueue } from './memory-queue.js';
export { createMemoryBackend, createQueueBackend, type QueueBackend } from './backend.js';
