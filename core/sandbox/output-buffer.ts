/** A child's stdout or stderr, kept up to a byte cap; what comes after is read and dropped (the child never blocks on a full pipe). */
export class OutputBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly maxBytes: number) {}

  readonly push = (chunk: Buffer): void => {
    const room = this.maxBytes - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length < chunk.length) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  };

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
