/** The default queue: one process, ids in memory, priority then FIFO. */
import { EventEmitter } from 'node:events';
import { AgentdError } from '../../core/index.js';
import type { EnqueueOptions, Queue, QueueCounts } from './queue.js';

interface WaitingEntry {
  jobId: string;
  priority: number;
  seq: number;
}

type CancelReason = 'cancelled' | 'shutdown';

export class MemoryQueue implements Queue {
  private readonly waiting: WaitingEntry[] = [];
  private readonly active = new Set<string>();
  private readonly emitter = new EventEmitter();
  private seq = 0;
  private closed = false;

  constructor() {
    // Every daemon subsystem (scheduler, SSE, tests) may listen; none of them leaks per job.
    this.emitter.setMaxListeners(0);
  }

  async enqueue(jobId: string, options: EnqueueOptions = {}): Promise<void> {
    this.assertOpen();
    if (this.active.has(jobId) || this.waiting.some((entry) => entry.jobId === jobId)) return;
    const entry = { jobId, priority: options.priority ?? 0, seq: this.seq++ };
    this.waiting.splice(this.insertionIndex(entry), 0, entry);
    setImmediate(() => this.emitter.emit('available'));
  }

  async claim(): Promise<string | null> {
    this.assertOpen();
    const next = this.waiting.shift();
    if (!next) return null;
    this.active.add(next.jobId);
    return next.jobId;
  }

  async ack(jobId: string): Promise<void> {
    this.assertOpen();
    this.active.delete(jobId);
  }

  async remove(jobId: string): Promise<boolean> {
    this.assertOpen();
    const index = this.waiting.findIndex((entry) => entry.jobId === jobId);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  async counts(): Promise<QueueCounts> {
    this.assertOpen();
    return { waiting: this.waiting.length, active: this.active.size };
  }

  onAvailable(listener: () => void): () => void {
    this.emitter.on('available', listener);
    return () => this.emitter.off('available', listener);
  }

  async requestCancel(jobId: string, reason: CancelReason): Promise<void> {
    this.assertOpen();
    this.emitter.emit('cancel', jobId, reason);
  }

  onCancelRequested(listener: (jobId: string, reason: CancelReason) => void): () => void {
    this.emitter.on('cancel', listener);
    return () => this.emitter.off('cancel', listener);
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
  }

  /** First position whose entry should run after `entry` (lower priority, or same priority and later). */
  private insertionIndex(entry: WaitingEntry): number {
    let low = 0;
    let high = this.waiting.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.waiting[mid]!.priority >= entry.priority) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private assertOpen(): void {
    if (this.closed) throw new AgentdError('unavailable', 'The in-memory queue is closed; restart the daemon.');
  }
}
