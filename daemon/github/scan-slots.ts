/**
 * At most N pull-request scans at once in this daemon (server.maxConcurrent): each is a child process
 * that takes a core, and a burst of pull requests over many repositories must not start them all.
 * Waiting scans start in arrival order.
 */
export class ScanSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes on
      else this.running--;
    }
  }
}
