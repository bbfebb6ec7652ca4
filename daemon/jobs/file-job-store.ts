/**
 * The in-memory job store kept on disk, one JSON file per job (record and result parts), for the
 * embedded engine of `agentd agent`: its sessions outlive the command, so `--resume <id>` and the
 * prompt's `/jobs` find them in a later run on the same project folder. Writes go to the memory store
 * at once and to disk shortly after (batched per job, written to a temp file and renamed, so a file is
 * never half written); `close()` writes what is pending. A job that was queued or running when the
 * command ended cannot continue (its queue was in memory): it is loaded as failed with `worker_lost`,
 * saying so. An unreadable file is set aside as `<id>.json.unreadable` and the rest load.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isFinal, lostJob, type StoredJob } from './job-record.js';
import type { JobMutator, JobPage, JobStore, ListJobsOptions, PartPage, StatusCounts } from './job-store.js';
import { MemoryJobStore } from './memory-job-store.js';

const FORMAT = 1;
const FLUSH_AFTER_MS = 100;

interface JobFile {
  format: number;
  job: StoredJob;
  parts: Record<string, unknown[]>;
}

export class FileJobStore implements JobStore {
  private readonly inner = new MemoryJobStore();
  private readonly partNames = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  private constructor(readonly folder: string) {}

  /** The store of `folder` (created when missing), with every job file in it loaded. */
  static async open(folder: string, now: () => string = () => new Date().toISOString()): Promise<FileJobStore> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const store = new FileJobStore(folder);
    const loaded: JobFile[] = [];
    for (const name of (await readdir(folder)).filter((n) => n.endsWith('.json'))) {
      const file = path.join(folder, name);
      try {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as JobFile;
        if (parsed.format !== FORMAT || typeof parsed.job?.id !== 'string') throw new Error('not a job file');
        loaded.push(parsed);
      } catch {
        await rename(file, `${file}.unreadable`).catch(() => undefined);
      }
    }
    loaded.sort((a, b) => (a.job.createdAt < b.job.createdAt ? -1 : a.job.createdAt > b.job.createdAt ? 1 : 0));
    for (const { job, parts } of loaded) {
      const stale = !isFinal(job.status) && job.status !== 'awaiting_approval';
      await store.inner.create(stale ? interrupted(job, now()) : job);
      for (const [part, items] of Object.entries(parts)) {
        await store.inner.writePart(job.id, part, items);
        store.namesOf(job.id).add(part);
      }
      if (stale) store.touch(job.id);
    }
    return store;
  }

  async create(job: StoredJob): Promise<{ job: StoredJob; created: boolean }> {
    const result = await this.inner.create(job);
    if (result.created) this.touch(job.id);
    return result;
  }

  get(id: string): Promise<StoredJob | null> {
    return this.inner.get(id);
  }

  async update(id: string, mutate: JobMutator): Promise<StoredJob | null> {
    const job = await this.inner.update(id, mutate);
    if (job) this.touch(id);
    return job;
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.inner.remove(id);
    if (removed) this.touch(id);
    return removed;
  }

  async removeFinished(id: string): Promise<boolean> {
    const removed = await this.inner.removeFinished(id);
    if (removed) this.touch(id);
    return removed;
  }

  list(options: ListJobsOptions): Promise<JobPage> {
    return this.inner.list(options);
  }

  async writePart(id: string, part: string, items: readonly unknown[]): Promise<void> {
    await this.inner.writePart(id, part, items);
    this.namesOf(id).add(part);
    this.touch(id);
  }

  async appendPart(id: string, part: string, items: readonly unknown[]): Promise<void> {
    await this.inner.appendPart(id, part, items);
    this.namesOf(id).add(part);
    this.touch(id);
  }

  readPart(id: string, part: string, start: number, count: number): Promise<PartPage | null> {
    return this.inner.readPart(id, part, start, count);
  }

  counts(): Promise<StatusCounts> {
    return this.inner.counts();
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  /** Writes what is pending, then closes. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    await this.inner.close();
  }

  /** Writes every job changed since the last flush (the batch timer calls it; tests may too). */
  flush(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    this.flushing = this.flushing.then(() => Promise.all(ids.map((id) => this.write(id)))).then(() => undefined);
    return this.flushing;
  }

  private namesOf(id: string): Set<string> {
    let names = this.partNames.get(id);
    if (!names) this.partNames.set(id, (names = new Set()));
    return names;
  }

  private touch(id: string): void {
    this.dirty.add(id);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_AFTER_MS);
    this.timer.unref();
  }

  private async write(id: string): Promise<void> {
    const file = path.join(this.folder, `${id}.json`);
    const job = await this.inner.get(id);
    if (!job) {
      this.partNames.delete(id);
      await rm(file, { force: true });
      return;
    }
    const parts: Record<string, unknown[]> = {};
    for (const part of this.partNames.get(id) ?? []) {
      const page = await this.inner.readPart(id, part, 0, Number.MAX_SAFE_INTEGER);
      if (page) parts[part] = page.items;
    }
    const body: JobFile = { format: FORMAT, job, parts };
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(body), { mode: 0o600 });
    await rename(temp, file);
  }
}

function interrupted(job: StoredJob, now: string): StoredJob {
  return lostJob(
    job,
    now,
    `Job "${job.id}" was ${job.status} when the agent session that ran it ended; it cannot continue (its queue was in memory). Submit the task again.`,
  );
}
