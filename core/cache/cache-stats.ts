/** Hit/miss counters: what lets tests and the bench prove that unchanged files are not re-parsed. */
export interface CounterSnapshot {
  hits: number;
  misses: number;
  entries: number;
}

export class HitCounter {
  hits = 0;
  misses = 0;

  hit(): void {
    this.hits += 1;
  }

  miss(): void {
    this.misses += 1;
  }

  reset(): void {
    this.hits = 0;
    this.misses = 0;
  }

  snapshot(entries: number): CounterSnapshot {
    return { hits: this.hits, misses: this.misses, entries };
  }
}
