/**
 * GET /jobs filtered by capability, workspace and text (daemon/jobs/job-list-filter.ts) on both stores:
 * following the cursors yields exactly the matching jobs, newest first, each once; no request looks at
 * more than FILTER_SCAN summaries (a page may be short and still have a next cursor); a page that ends
 * inside a store page resumes right after its last job.
 */
import { expect } from 'chai';
import type { JobStore } from '../../../daemon/jobs/job-store.js';
import { FILTER_SCAN, listFiltered, matchesFilter, type JobListFilter } from '../../../daemon/jobs/job-list-filter.js';
import type { StoredJob } from '../../../daemon/jobs/job-record.js';
import { pendingSteps } from '../../../daemon/jobs/job-record.js';
import { toSummary } from '../../../daemon/jobs/job-summary.js';
import { MemoryJobStore } from '../../../daemon/jobs/memory-job-store.js';
import { sampleJob } from '../queue/queue-contract.js';
import { deleteKeys, openTestBackend, testPrefix } from '../queue/redis-test-support.js';

function jobAt(i: number): StoredJob {
  const capability = i % 7 === 0 ? 'analysis.security' : 'analysis.complexity';
  return sampleJob({
    id: `job-${String(i).padStart(6, '0')}`,
    workspace: i % 3 === 0 ? 'apps/web' : i % 3 === 1 ? 'apps/web-admin' : 'libs/core',
    task: i % 998 === 0 ? `Find the NEEDLE number ${i}` : i % 11 === 0 ? `Find the hay number ${i}` : null,
    steps: pendingSteps([{ capability, input: {} }]),
    status: i % 2 === 0 ? 'succeeded' : 'queued',
  });
}

async function walk(
  store: JobStore,
  filter: JobListFilter,
  limit: number,
  statuses?: StoredJob['status'][],
): Promise<{ ids: string[]; requests: number; maxScanned: number; shortPagesWithNext: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let requests = 0;
  let maxScanned = 0;
  let shortPagesWithNext = 0;
  do {
    const page = await listFiltered(store, { statuses, limit, cursor }, filter);
    requests += 1;
    maxScanned = Math.max(maxScanned, page.scanned);
    expect(page.jobs.length).to.be.at.most(limit);
    if (page.jobs.length < limit && page.nextCursor !== null) shortPagesWithNext += 1;
    ids.push(...page.jobs.map((job) => job.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return { ids, requests, maxScanned, shortPagesWithNext };
}

function describeFilter(name: string, open: () => Promise<{ store: JobStore; close(): Promise<void> }>, count: number): void {
  describe(`job list filters on the ${name} store (${count} jobs)`, function () {
    this.timeout(120_000);
    let store: JobStore;
    let close: () => Promise<void>;
    const jobs = Array.from({ length: count }, (_, i) => jobAt(i));
    const newestFirst = [...jobs].reverse();
    const expected = (filter: JobListFilter, statuses?: string[]) =>
      newestFirst
        .filter((job) => (!statuses || statuses.includes(job.status)) && matchesFilter(toSummary(job), filter))
        .map((job) => job.id);

    before(async () => {
      ({ store, close } = await open());
      for (const job of jobs) await store.create(job);
    });
    after(async () => {
      await close();
    });

    it('capability: every matching job once, newest first, pages ending inside store pages', async () => {
      const filter = { capability: 'analysis.security' };
      const result = await walk(store, filter, 37);
      expect(result.ids).to.deep.equal(expected(filter)).and.not.be.empty;
      expect(result.maxScanned).to.be.at.most(FILTER_SCAN);
    });

    it('workspace: the folder and below it, never a sibling that only shares the prefix', async () => {
      const filter = { workspace: 'apps/web/' };
      const result = await walk(store, filter, 100);
      expect(result.ids).to.deep.equal(expected(filter));
      expect(result.ids.every((id) => Number(id.slice(4)) % 3 === 0)).to.equal(true);
    });

    it('text with a status: rare matches give short pages with a next link, never more than FILTER_SCAN looked at', async () => {
      const filter = { q: 'needle' };
      const result = await walk(store, filter, 50, ['succeeded']);
      expect(result.ids).to.deep.equal(expected(filter, ['succeeded'])).and.not.be.empty;
      expect(result.maxScanned).to.be.at.most(FILTER_SCAN);
      if (count / 2 > FILTER_SCAN) expect(result.shortPagesWithNext).to.be.greaterThan(0);
    });

    it('a filter nothing matches ends with an empty last page', async () => {
      const result = await walk(store, { q: 'no such text anywhere' }, 50);
      expect(result.ids).to.deep.equal([]);
      expect(result.requests).to.equal(Math.ceil(count / FILTER_SCAN));
    });
  });
}

describeFilter(
  'memory',
  async () => {
    const store = new MemoryJobStore();
    return { store, close: () => store.close() };
  },
  12_000,
);

describeFilter(
  'Redis',
  async () => {
    const prefix = testPrefix();
    const backend = await openTestBackend(prefix);
    return {
      store: backend.store,
      async close() {
        await Promise.all([backend.queue.close(), backend.store.close()]);
        await deleteKeys(prefix);
      },
    };
  },
  6_000,
);
