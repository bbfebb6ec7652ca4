/**
 * Pub/sub between the daemons sharing one Redis: cancel requests, "a job is available" nudges and the
 * job event stream. One subscriber connection per daemon (it resubscribes by itself after a
 * reconnect); publishing goes through the fail-fast command connection.
 */
import type { Redis } from 'ioredis';

export type ChannelName = 'cancel' | 'available' | 'events';

export class RedisChannels {
  private readonly handlers = new Map<ChannelName, Set<(message: string) => void>>();

  constructor(
    private readonly subscriber: Redis,
    private readonly publisher: Redis,
    private readonly prefix: string,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      const name = channel.slice(prefix.length + 1) as ChannelName;
      for (const handler of this.handlers.get(name) ?? []) {
        try {
          handler(message);
        } catch {
          /* a handler reports its own failures; the others still run */
        }
      }
    });
  }

  /** Resolves once Redis confirmed the subscriptions, so nothing published afterwards is missed. */
  async open(): Promise<void> {
    await this.subscriber.subscribe(...(['cancel', 'available', 'events'] as ChannelName[]).map((name) => this.channel(name)));
  }

  on(name: ChannelName, handler: (message: string) => void): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler);
    this.handlers.set(name, set);
    return () => set.delete(handler);
  }

  async publish(name: ChannelName, message: string): Promise<void> {
    await this.publisher.publish(this.channel(name), message);
  }

  close(): void {
    this.handlers.clear();
  }

  private channel(name: ChannelName): string {
    return `${this.prefix}:${name}`;
  }
}
