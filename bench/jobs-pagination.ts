/**
 * `GET /jobs` paging over 100,000 jobs (a dashboard's list), by the job stores themselves: the time of
 * one page of 50 summaries at the newest end, in the middle and at the oldest end — by cursor (each
 * page reads below the previous one: ZREVRANGEBYSCORE ... LIMIT in Redis, a binary search in memory)
 * beside the `offset` older clients send (its cost grows with the offset when a status filter spans
 * several indexes). On the memory store and on Redis (127.0.0.1:6379, a prefix of its own, removed after).
 *   node dist/bench/jobs-pagination.js     (JOBS=100000 by default)
 */
import { pathToFileURL } from 'node:url';
import { createMemoryBackend } from '../daemon/queue/backend.js';
import type { JobStore } from '../daemon/jobs/job-store.js';
import { deleteKeys, openTestBackend, testPrefix } from '../test/daemon/queue/redis-test-support.js';
import { sampleJob } from '../test/daemon/queue/queue-contract.js';

const JOBS = Number(process.env.JOBS ?? 100_000);
const PAGE = 50;
const STATUSES = ['succeeded', 'failed', 'cancelled'] as const;

async function fill(store: JobStore): Promise<void> {
  for (let start = 0; start < JOBS; start += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, JOBS - start) }, (_, i) => store.create(sampleJob({ status: STATUSES[(start + i) % 3] }))),
    );
  }
}

async function timed<T>(work: () => Promise<T>, repeat = 20): Promise<{ ms: number; value: T }> {
  let value!: T;
  const started = performance.now();
  for (let i = 0; i < repeat; i++) value = await work();
  return { ms: (performance.now() - started) / repeat, value };
}

/** The cursor of the page that starts after `skip` jobs, found by walking (not timed). */
async function cursorAt(store: JobStore, skip: number, statuses?: string[]): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let seen = 0; seen < skip; seen += 1000) {
    const page = await store.list({ limit: Math.min(1000, skip - seen), statuses: statuses as never, ...(cursor ? { cursor } : {}) });
    cursor = page.nextCursor ?? undefined;
  }
  return cursor;
}

async function measure(name: string, store: JobStore): Promise<void> {
  const started = performance.now();
  await fill(store);
  console.log(`${name}: ${JOBS} jobs stored in ${((performance.now() - started) / 1000).toFixed(1)} s; one page of ${PAGE} summaries:`);
  for (const statuses of [undefined, ['failed', 'cancelled']]) {
    const filter = statuses ? `status=${statuses.join('&status=')}` : 'no filter';
    const total = (await store.list({ limit: 1, statuses: statuses as never })).total;
    for (const at of [0, Math.floor(total / 2), total - PAGE]) {
      const cursor = await cursorAt(store, at, statuses);
      const byCursor = await timed(() => store.list({ limit: PAGE, statuses: statuses as never, ...(cursor ? { cursor } : {}) }));
      const byOffset = await timed(() => store.list({ limit: PAGE, statuses: statuses as never, offset: at }), 5);
      console.log(
        `  ${filter.padEnd(30)} after ${String(at).padStart(6)}: cursor ${byCursor.ms.toFixed(2).padStart(7)} ms   offset (older clients) ${byOffset.ms.toFixed(2).padStart(8)} ms`,
      );
    }
  }
}

export async function run(): Promise<void> {
  const memory = createMemoryBackend();
  await measure('memory store', memory.store);
  const prefix = testPrefix();
  const redis = await openTestBackend(prefix);
  try {
    await measure('Redis store', redis.store);
  } finally {
    await redis.queue.close();
    await redis.store.close();
    await deleteKeys(prefix);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
