/**
 * The Piscina pools of the executor process, one per distinct memory limit, because
 * `resourceLimits` is fixed when a worker starts. Pools keep at least one warm thread for a long idle
 * time (a cold thread costs tens of milliseconds); the least recently used idle pool is closed when
 * there are too many.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { cleanFlags } from './clean-exec-env.js';

export interface PoolOptions {
  /**
   * Threads per pool (default DEFAULT_MAX_THREADS). Give it the number of jobs run at once (the daemon's
   * server.maxConcurrent) when that is higher: a step waiting for a thread already counts as running.
   */
  maxThreads?: number;
  /** Warm threads per pool (default 1, at least 1). */
  minThreads?: number;
  /** How long an idle thread above minThreads lives (default 10 minutes). */
  idleTimeoutMs?: number;
  /** Distinct memory limits kept at once (default 4). */
  maxPools?: number;
  /** Memory limits whose pools are created (and warmed) when the executor starts. */
  warmMemoryMB?: number[];
}

const WORKER_FILE = fileURLToPath(new URL('./step-worker.js', import.meta.url));

/**
 * Not the cores: a job's step waiting in the pool's queue has its wall clock ticking, so the pool must
 * not run fewer steps at once than the daemon runs jobs (3 by default). Threads start only on demand,
 * and each is capped at the job's maxMemoryMB.
 */
export const DEFAULT_MAX_THREADS = Math.max(4, availableParallelism());

type PoolRunOptions = NonNullable<Parameters<Piscina['run']>[1]>;

interface Entry {
  pool: Piscina;
  running: number;
}

export class PoolSet {
  private readonly entries = new Map<number, Entry>();
  private readonly options: PoolOptions;
  private readonly onError: (error: unknown) => void;

  constructor(options: PoolOptions, onError: (error: unknown) => void) {
    this.options = options;
    this.onError = onError;
    for (const memoryMB of options.warmMemoryMB ?? []) this.entry(memoryMB);
  }

  async run<T>(memoryMB: number, payload: unknown, options: PoolRunOptions): Promise<T> {
    const entry = this.entry(memoryMB);
    entry.running++;
    try {
      return (await entry.pool.run(payload, options)) as T;
    } finally {
      entry.running--;
    }
  }

  async destroy(): Promise<void> {
    const pools = [...this.entries.values()].map((entry) => entry.pool);
    this.entries.clear();
    await Promise.allSettled(pools.map((pool) => pool.destroy()));
  }

  private entry(memoryMB: number): Entry {
    const found = this.entries.get(memoryMB);
    if (found) {
      // Re-insert so Map order is least-recently-used first.
      this.entries.delete(memoryMB);
      this.entries.set(memoryMB, found);
      return found;
    }
    const entry = { pool: this.createPool(memoryMB), running: 0 };
    this.entries.set(memoryMB, entry);
    this.evictIdle();
    return entry;
  }

  private createPool(memoryMB: number): Piscina {
    const minThreads = Math.max(1, this.options.minThreads ?? 1);
    const pool = new Piscina({
      filename: WORKER_FILE,
      minThreads,
      maxThreads: Math.max(minThreads, this.options.maxThreads ?? DEFAULT_MAX_THREADS),
      idleTimeout: this.options.idleTimeoutMs ?? 10 * 60_000,
      resourceLimits: { maxOldGenerationSizeMb: memoryMB },
      execArgv: cleanFlags(process.execArgv),
      // 'sync' parks an idle worker in Atomics.wait, which keeps a finished step's event port from closing.
      atomics: 'async',
    });
    // A worker that dies with no task (e.g. while idle) is reported here; Piscina replaces it.
    pool.on('error', this.onError);
    return pool;
  }

  private evictIdle(): void {
    const maxPools = Math.max(1, this.options.maxPools ?? 4);
    for (const [memoryMB, entry] of this.entries) {
      if (this.entries.size <= maxPools) return;
      if (entry.running > 0) continue;
      this.entries.delete(memoryMB);
      entry.pool.destroy().catch(this.onError);
    }
  }
}
