/** The one bus every job event goes through: SSE streams, metrics and the log follow it. */
import { EventEmitter } from 'node:events';
import type { JobEvent, JobEventListener } from './job-events.js';

/** The channel of subscribeEvery (local and remote events); '*' is subscribeAll's (local only). */
const EVERY = '**';

export class JobEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open SSE stream plus the daemon's own; no fixed bound fits.
    this.emitter.setMaxListeners(0);
  }

  publish(event: JobEvent): void {
    // A listener that throws must not break the job that emitted the event or the other listeners.
    for (const listener of this.emitter.listeners(event.jobId).concat(this.emitter.listeners('*'), this.emitter.listeners(EVERY))) {
      try {
        (listener as JobEventListener)(event);
      } catch {
        /* isolated: listeners report their own failures */
      }
    }
  }

  /**
   * An event another daemon published (several daemons on one Redis): it reaches the subscribers of
   * its job (SSE streams) but not `subscribeAll` listeners, which stand for this daemon's own work
   * (its metrics count only the jobs it ran, and the Redis bridge must not echo it back).
   */
  publishRemote(event: JobEvent): void {
    for (const listener of this.emitter.listeners(event.jobId).concat(this.emitter.listeners(EVERY))) {
      try {
        (listener as JobEventListener)(event);
      } catch {
        /* isolated, as in publish */
      }
    }
  }

  /** Events of one job. Returns the unsubscribe function. */
  subscribe(jobId: string, listener: JobEventListener): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }

  /** Events of every job. */
  subscribeAll(listener: JobEventListener): () => void {
    this.emitter.on('*', listener);
    return () => this.emitter.off('*', listener);
  }

  /**
   * Events of every job, this daemon's and those other daemons on the same Redis published (GET /events,
   * the dashboard's live list). Returns the unsubscribe function.
   */
  subscribeEvery(listener: JobEventListener): () => void {
    this.emitter.on(EVERY, listener);
    return () => this.emitter.off(EVERY, listener);
  }

  close(): void {
    this.emitter.removeAllListeners();
  }
}
