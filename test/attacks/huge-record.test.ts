/**
 * Attack: a 20,000-file job's record was 47 MB, and four `GET /jobs?limit=20` held /health for 19.5 s.
 * Now a record is lean — the summary, counts, the first 100 findings and changes (diffs, no file
 * texts), small step data — and the rest is served by reference and paged; GET /jobs returns summaries
 * a cursor pages through. On the memory and the Redis backend, through the real HTTP API, with a job
 * of 3,000 changed files and 12,345 findings whose record size is measured (printed, and bounded).
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMemoryBackend, type QueueBackend } from '../../daemon/queue/backend.js';
import { deleteKeys, openTestBackend, testPrefix } from '../daemon/queue/redis-test-support.js';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { get, post, waitForStatus } from '../daemon/support/http-client.js';
import { MARKER, relPath, writeProject } from './support/large-change-set.js';

const FINDINGS = 12_345;
/** A lean record of this job stays far below what it held before (several MB): the first 100 items, diffs only. */
const RECORD_BOUND_BYTES = 256 * 1024;

/** Follows `Link: rel="next"` from `first` to the end; every page's items, in order. */
async function followPages(url: string, first: string): Promise<{ items: any[]; pages: number; total: number }> {
  const items: any[] = [];
  let next: string | null = first;
  let pages = 0;
  let total = -1;
  while (next !== null) {
    const reply: { status: number; headers: Headers; body: unknown } = await get(url, next);
    expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).to.equal(200);
    items.push(...(reply.body as unknown[]));
    total = Number(reply.headers.get('x-total-count'));
    next = /<([^>]+)>;\s*rel="next"/.exec(reply.headers.get('link') ?? '')?.[1] ?? null;
    pages += 1;
  }
  return { items, pages, total };
}

function describeBackend(name: string, open: () => Promise<{ backend: QueueBackend; cleanup(): Promise<void> }>): void {
  describe(`attack: huge job records (${name})`, function () {
    this.timeout(240_000);
    let t: TestDaemon;
    let cleanup: () => Promise<void>;
    before(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      t = await startTestDaemon({ backend: opened.backend });
      await writeProject(path.join(t.workspace, 'big'));
    });
    after(async () => {
      await t.close();
      await cleanup();
    });

    it('keeps the record of a 3,000-file, 12,345-finding job lean and serves everything else by reference, paged', async () => {
      await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      const pipeline = [
        { capability: 'analysis.test-bulk-findings', input: { count: FINDINGS } },
        { capability: 'refactoring.test-bulk-writer', input: { marker: MARKER } },
      ];
      const { body } = await post(t.url, '/jobs', { pipeline, workspace: 'big' });
      const job = (await waitForStatus(t.url, body.id, ['awaiting_approval', 'failed'], 120_000)) as any;
      expect(job.status, JSON.stringify(job.error)).to.equal('awaiting_approval');
      const bytes = Buffer.byteLength(JSON.stringify(job));
      console.log(
        `      record of a job with ${job.result!.counts.changes} changed files and ${job.result!.counts.findings} findings: ${(bytes / 1024).toFixed(0)} KB`,
      );
      expect(bytes).to.be.below(RECORD_BOUND_BYTES);
      expect(job.result!.counts).to.deep.include({ findings: FINDINGS, changes: 3000 });
      expect(job.result!.findings).to.have.length(100);
      expect(job.result!.changes).to.have.length(100);
      expect(job.result!.changes[0]).to.have.keys('index', 'path', 'action', 'diff');
      expect(job.result!.data![0]).to.include({ truncated: true, href: `/jobs/${body.id}/data/0` });

      const findings = await followPages(t.url, `/jobs/${body.id}/findings?limit=1000`);
      expect(findings).to.include({ total: FINDINGS, pages: 13 });
      expect(findings.items.map((finding) => finding.message)).to.deep.equal(Array.from({ length: FINDINGS }, (_, i) => `finding ${i}`));
      const changes = await followPages(t.url, `/jobs/${body.id}/changes?limit=500`);
      expect(changes.items.map((change) => change.index)).to.deep.equal(Array.from({ length: 3000 }, (_, i) => i));
      const first = changes.items[0];
      expect((await get(t.url, `/jobs/${body.id}/changes/${first.index}/before`)).body).to.equal(
        await readFile(path.join(t.workspace, 'big', first.path), 'utf8'),
      );
      expect((await get(t.url, `/jobs/${body.id}/changes/${first.index}/after`)).body).to.include(MARKER);
      const data = await get(t.url, `/jobs/${body.id}/data/0`);
      expect(data.body.rows).to.have.length(FINDINGS);
      expect((await get(t.url, `/jobs/${body.id}/findings?cursor=bm9wZQ`)).body.error.code).to.equal('invalid_cursor');

      // Approving applies every change, read back from the store.
      await post(t.url, `/jobs/${body.id}/followup`, { action: 'approve' });
      const applied = await waitForStatus(t.url, body.id, ['succeeded', 'failed'], 180_000);
      expect(applied.status, JSON.stringify(applied.error)).to.equal('succeeded');
      expect(await readFile(path.join(t.workspace, 'big', relPath(2999)), 'utf8')).to.include(MARKER);
    });

    it('lists summaries only, newest first, and a cursor pages through every job exactly once', async () => {
      const submitted: string[] = [];
      for (let i = 0; i < 12; i++) submitted.push((await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id);
      const first = await get(t.url, '/jobs?limit=5');
      expect(first.body[0]).to.not.have.any.keys('result', 'turns', 'steps');
      expect(first.body[0]).to.include.keys('id', 'status', 'capabilities', 'counts', 'summary', 'progress');
      const all = await followPages(t.url, '/jobs?limit=5');
      const ids = all.items.map((job) => job.id);
      expect(new Set(ids).size).to.equal(ids.length);
      expect(ids.slice(0, 12)).to.deep.equal([...submitted].reverse());
      expect(all.total).to.equal(ids.length);
      expect((await get(t.url, '/jobs?limit=5&offset=5')).body.map((job: { id: string }) => job.id)).to.deep.equal(ids.slice(5, 10));
      expect((await get(t.url, `/jobs?offset=1&cursor=${encodeURIComponent('x')}`)).body.error.code).to.equal('validation_failed');
    });
  });
}

describeBackend('memory', async () => ({ backend: createMemoryBackend(), cleanup: async () => undefined }));
describeBackend('redis', async () => {
  const prefix = testPrefix();
  return {
    backend: await openTestBackend(prefix, { lock: { lockDurationMs: 30_000, stalledIntervalMs: 15_000 } }),
    cleanup: () => deleteKeys(prefix),
  };
});
