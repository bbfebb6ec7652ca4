/**
 * Whether a Redis keeps the queue across a crash: its append-only file must be on (`appendonly yes`;
 * RDB snapshots alone lose what came after the last one), and it must never evict keys
 * (`maxmemory-policy noeviction`), or a queued job can vanish under memory pressure. Read with
 * CONFIG GET at start-up; a managed Redis that refuses CONFIG cannot be checked, and says so.
 */
import type { Redis } from 'ioredis';

export interface Durability {
  /** False when CONFIG GET was refused (managed Redis often renames or disables it). */
  checked: boolean;
  /** What is wrong, one sentence each; empty when the queue is durable. */
  problems: string[];
}

async function configValue(client: Redis, name: string): Promise<string> {
  const reply = (await client.call('CONFIG', 'GET', name)) as string[];
  return reply[1] ?? '';
}

export async function readDurability(client: Redis): Promise<Durability> {
  let appendonly: string;
  let save: string;
  let policy: string;
  try {
    [appendonly, save, policy] = await Promise.all([
      configValue(client, 'appendonly'),
      configValue(client, 'save'),
      configValue(client, 'maxmemory-policy'),
    ]);
  } catch (error) {
    return {
      checked: false,
      problems: [
        `its persistence settings could not be read (CONFIG GET: ${(error as Error).message}); make sure it runs with appendonly yes and maxmemory-policy noeviction`,
      ],
    };
  }
  const problems: string[] = [];
  if (appendonly !== 'yes') {
    const snapshots =
      save.trim() === ''
        ? 'and no RDB snapshots either: a restart loses every queued job'
        : `(only RDB snapshots, "save ${save}": a crash loses the jobs since the last one)`;
    problems.push(`appendonly is "${appendonly}" ${snapshots}; set appendonly yes`);
  }
  if (policy !== 'noeviction')
    problems.push(`maxmemory-policy is "${policy}": under memory pressure Redis may evict queued jobs; set maxmemory-policy noeviction`);
  return { checked: true, problems };
}
