/**
 * Fixed-window request counters. One interface, two stores: in memory (one daemon) and in Redis
 * (several daemons sharing one budget per client, when Redis is the queue).
 */
export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

export interface RateLimitStore {
  readonly name: string;
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Counters in a Map; expired windows are swept once a window so idle clients do not pile up. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly name = 'memory';
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + windowMs;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}
