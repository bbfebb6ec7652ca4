/**
 * The instance roster on Redis: `<prefix>:instance:<id>` holds a daemon's entry with a time to live
 * (renewed by each heartbeat), and the set `<prefix>:instances` names the ids; an id whose entry has
 * expired is dropped from the set when the list is read. Expiry is Redis's clock only.
 */
import type { Redis } from 'ioredis';
import { byStart, INSTANCE_TTL_MS, type InstanceInfo, type InstanceRoster } from '../instance-roster.js';

export class RedisRoster implements InstanceRoster {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly ttlMs = INSTANCE_TTL_MS,
  ) {}

  private entry(id: string): string {
    return `${this.prefix}:instance:${id}`;
  }

  private get ids(): string {
    return `${this.prefix}:instances`;
  }

  async beat(info: InstanceInfo): Promise<void> {
    await this.client.multi().set(this.entry(info.id), JSON.stringify(info), 'PX', this.ttlMs).sadd(this.ids, info.id).exec();
  }

  async list(): Promise<InstanceInfo[]> {
    const ids = await this.client.smembers(this.ids);
    if (ids.length === 0) return [];
    const values = await this.client.mget(ids.map((id) => this.entry(id)));
    const gone = ids.filter((_, i) => values[i] === null);
    if (gone.length > 0) await this.client.srem(this.ids, ...gone);
    return byStart(values.flatMap((value) => (value === null ? [] : [JSON.parse(value) as InstanceInfo])));
  }

  async leave(id: string): Promise<void> {
    await this.client.multi().del(this.entry(id)).srem(this.ids, id).exec();
  }
}
