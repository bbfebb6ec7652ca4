/**
 * The daemons serving one queue, each announcing itself by a heartbeat (GET /instances, the dashboard's
 * overview). In memory there is only this daemon; on Redis every daemon of the prefix writes its entry
 * with a time to live (redis/redis-roster.ts), so a daemon that crashed drops out within
 * INSTANCE_TTL_MS and one that shuts down leaves at once. Readers never compare clocks across hosts.
 */
export const HEARTBEAT_MS = 5_000;
export const INSTANCE_TTL_MS = 15_000;

export interface InstanceInfo {
  /** The daemon's instance name (host-pid-random), as GET /stats names it. */
  id: string;
  version: string;
  startedAt: string;
  maxConcurrent: number;
  /** Jobs it ran at its last heartbeat. */
  running: number;
  /** Its last heartbeat, by its own clock. */
  seenAt: string;
}

export interface InstanceRoster {
  beat(info: InstanceInfo): Promise<void>;
  /** The live instances, oldest first. */
  list(): Promise<InstanceInfo[]>;
  leave(id: string): Promise<void>;
}

export class MemoryRoster implements InstanceRoster {
  private readonly entries = new Map<string, InstanceInfo>();

  async beat(info: InstanceInfo): Promise<void> {
    this.entries.set(info.id, { ...info });
  }

  async list(): Promise<InstanceInfo[]> {
    return byStart([...this.entries.values()].map((info) => ({ ...info })));
  }

  async leave(id: string): Promise<void> {
    this.entries.delete(id);
  }
}

export const byStart = (infos: InstanceInfo[]): InstanceInfo[] =>
  infos.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));

/**
 * Beats now and then every `everyMs` until the returned function is called, which stops and leaves.
 * A failed beat is reported and retried at the next one (the entry lives INSTANCE_TTL_MS meanwhile).
 */
export async function startHeartbeat(
  roster: InstanceRoster,
  info: () => InstanceInfo,
  onError: (error: Error) => void,
  everyMs = HEARTBEAT_MS,
): Promise<() => Promise<void>> {
  const beat = () => roster.beat(info()).catch(onError);
  await beat();
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await roster.leave(info().id).catch(onError);
  };
}
