/**
 * The conformance suite every queue backend (Queue + JobStore) must pass. The memory backend runs it in
 * memory-queue.test.ts; the Redis backend runs the same function with its own factory. Each test gets a
 * fresh, empty backend from `factory` and closes it afterwards.
 */
import { expect } from 'chai';
import type { QueueBackend } from '../../../daemon/queue/backend.js';
import { initialProgress, pendingSteps, type JobStatus, type StoredJob } from '../../../daemon/jobs/job-record.js';
import { DEFAULT_LIMITS } from '../../../core/index.js';

let counter = 0;

export function sampleJob(overrides: Partial<StoredJob> = {}, internal: Partial<StoredJob['internal']> = {}): StoredJob {
  const now = new Date().toISOString();
  const steps = pendingSteps([{ capability: 'analysis.complexity', input: {} }]);
  return {
    id: `job-${process.pid}-${Date.now()}-${counter++}`,
    status: 'queued',
    kind: 'pipeline',
    task: null,
    mode: 'auto',
    workspace: '.',
    steps,
    progress: initialProgress(steps.length),
    result: null,
    error: null,
    turns: [],
    limits: { ...DEFAULT_LIMITS },
    usage: { toolCalls: 0, durationMs: 0 },
    attempts: 0,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    updatedAt: now,
    ...overrides,
    internal: { priority: 0, idempotencyKey: null, history: [], pendingApply: null, ...internal },
  };
}

async function claimAll(backend: QueueBackend): Promise<string[]> {
  const ids: string[] = [];
  for (let id = await backend.queue.claim(); id !== null; id = await backend.queue.claim()) ids.push(id);
  return ids;
}

export function describeQueueContract(name: string, factory: () => Promise<QueueBackend>): void {
  describe(`queue backend contract: ${name}`, function () {
    let backend: QueueBackend;
    beforeEach(async () => {
      backend = await factory();
    });
    afterEach(async () => {
      await backend.queue.close();
      await backend.store.close();
    });

    describe('Queue', () => {
      it('claims nothing from an empty queue', async () => {
        expect(await backend.queue.claim()).to.equal(null);
      });

      it('hands out jobs of equal priority in submission order', async () => {
        for (const id of ['a', 'b', 'c']) await backend.queue.enqueue(id);
        expect(await claimAll(backend)).to.deep.equal(['a', 'b', 'c']);
      });

      it('hands out higher priority first and keeps FIFO within a priority', async () => {
        await backend.queue.enqueue('low-1', { priority: -1 });
        await backend.queue.enqueue('normal-1');
        await backend.queue.enqueue('high-1', { priority: 5 });
        await backend.queue.enqueue('normal-2', { priority: 0 });
        await backend.queue.enqueue('high-2', { priority: 5 });
        expect(await claimAll(backend)).to.deep.equal(['high-1', 'high-2', 'normal-1', 'normal-2', 'low-1']);
      });

      it('counts waiting and active ids through claim and ack', async () => {
        await backend.queue.enqueue('a');
        await backend.queue.enqueue('b');
        expect(await backend.queue.counts()).to.deep.equal({ waiting: 2, active: 0 });
        expect(await backend.queue.claim()).to.equal('a');
        expect(await backend.queue.counts()).to.deep.equal({ waiting: 1, active: 1 });
        await backend.queue.ack('a');
        expect(await backend.queue.counts()).to.deep.equal({ waiting: 1, active: 0 });
      });

      it('ignores an enqueue of an id that is already waiting or active', async () => {
        await backend.queue.enqueue('a');
        await backend.queue.enqueue('a');
        expect(await backend.queue.claim()).to.equal('a');
        await backend.queue.enqueue('a');
        expect(await backend.queue.counts()).to.deep.equal({ waiting: 0, active: 1 });
      });

      it('re-queues an id after it was acknowledged (a follow-up run)', async () => {
        await backend.queue.enqueue('a');
        await backend.queue.claim();
        await backend.queue.ack('a');
        await backend.queue.enqueue('a');
        expect(await claimAll(backend)).to.deep.equal(['a']);
      });

      it('withdraws a waiting id so it is never claimed, and reports whether it was waiting', async () => {
        await backend.queue.enqueue('a');
        await backend.queue.enqueue('b');
        expect(await backend.queue.remove('a')).to.equal(true);
        expect(await backend.queue.remove('a')).to.equal(false);
        expect(await backend.queue.remove('never-enqueued')).to.equal(false);
        expect(await claimAll(backend)).to.deep.equal(['b']);
        expect(await backend.queue.remove('b')).to.equal(false);
      });

      it('tells listeners when a job becomes available, until they unsubscribe', async () => {
        let calls = 0;
        const arrived = new Promise<void>((resolve) => {
          const off = backend.queue.onAvailable(() => {
            calls += 1;
            off();
            resolve();
          });
        });
        await backend.queue.enqueue('a');
        await arrived;
        await backend.queue.enqueue('b');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(calls).to.equal(1);
      });

      it('delivers cancel requests with their reason', async () => {
        const received = new Promise<[string, string]>((resolve) => {
          backend.queue.onCancelRequested((jobId, reason) => resolve([jobId, reason]));
        });
        await backend.queue.requestCancel('a', 'shutdown');
        expect(await received).to.deep.equal(['a', 'shutdown']);
      });

      it('answers ping while open and rejects it once closed', async () => {
        await backend.queue.ping();
        await backend.queue.close();
        let failure: unknown;
        await backend.queue.ping().catch((error: unknown) => (failure = error));
        expect(failure).to.be.instanceOf(Error);
      });
    });

    describe('JobStore', () => {
      it('stores a record and returns a copy of it; unknown ids are null', async () => {
        const job = sampleJob();
        const { job: stored, created } = await backend.store.create(job);
        expect(created).to.equal(true);
        expect(stored).to.deep.equal(job);
        const read = await backend.store.get(job.id);
        expect(read).to.deep.equal(job);
        read!.status = 'failed';
        expect((await backend.store.get(job.id))!.status).to.equal('queued');
        expect(await backend.store.get('no-such-job')).to.equal(null);
      });

      it('returns the earlier job for a repeated idempotency key and stores nothing new', async () => {
        const first = sampleJob({}, { idempotencyKey: 'key-1' });
        await backend.store.create(first);
        const again = await backend.store.create(sampleJob({}, { idempotencyKey: 'key-1' }));
        expect(again.created).to.equal(false);
        expect(again.job.id).to.equal(first.id);
        expect((await backend.store.counts()).total).to.equal(1);
      });

      it('applies a mutator to the current record and stamps updatedAt', async () => {
        const job = sampleJob({ updatedAt: '2000-01-01T00:00:00.000Z' });
        await backend.store.create(job);
        const updated = await backend.store.update(job.id, (current) => ({
          ...current,
          status: 'running',
          attempts: current.attempts + 1,
        }));
        expect(updated!.status).to.equal('running');
        expect(updated!.attempts).to.equal(1);
        expect(updated!.updatedAt).to.not.equal('2000-01-01T00:00:00.000Z');
        expect((await backend.store.get(job.id))!.status).to.equal('running');
      });

      it('leaves the record alone when the mutator declines, and answers null for an unknown id', async () => {
        const job = sampleJob();
        await backend.store.create(job);
        const same = await backend.store.update(job.id, () => undefined);
        expect(same).to.deep.equal(job);
        expect(await backend.store.update('no-such-job', (current) => current)).to.equal(null);
      });

      it('removes a record and frees its idempotency key', async () => {
        const job = sampleJob({}, { idempotencyKey: 'key-2' });
        await backend.store.create(job);
        expect(await backend.store.remove(job.id)).to.equal(true);
        expect(await backend.store.remove(job.id)).to.equal(false);
        expect(await backend.store.get(job.id)).to.equal(null);
        const again = await backend.store.create(sampleJob({}, { idempotencyKey: 'key-2' }));
        expect(again.created).to.equal(true);
      });

      it('removes a record only while it is final', async () => {
        const running = sampleJob({ status: 'running' });
        const done = sampleJob({ status: 'succeeded' });
        await backend.store.create(running);
        await backend.store.create(done);
        expect(await backend.store.removeFinished(running.id)).to.equal(false);
        expect(await backend.store.get(running.id)).to.not.equal(null);
        expect(await backend.store.removeFinished(done.id)).to.equal(true);
        expect(await backend.store.get(done.id)).to.equal(null);
        expect(await backend.store.removeFinished(done.id)).to.equal(false);
        expect(await backend.store.removeFinished('never-stored')).to.equal(false);
      });

      it('lists summaries newest first with status filters, limit and (for older clients) offset', async () => {
        const statuses: JobStatus[] = ['queued', 'running', 'succeeded', 'failed', 'succeeded'];
        const ids: string[] = [];
        for (const status of statuses) {
          const job = sampleJob({ status });
          ids.push(job.id);
          await backend.store.create(job);
        }
        const all = await backend.store.list({ limit: 50 });
        expect(all.jobs.map((job) => job.id)).to.deep.equal([...ids].reverse());
        expect(all).to.include({ nextCursor: null, total: 5 });
        const finished = await backend.store.list({ statuses: ['succeeded', 'failed'], limit: 50 });
        expect(finished.jobs.map((job) => job.id)).to.deep.equal([ids[4], ids[3], ids[2]]);
        expect(finished.total).to.equal(3);
        const page = await backend.store.list({ limit: 2, offset: 1 });
        expect(page.jobs.map((job) => job.id)).to.deep.equal([ids[3], ids[2]]);
        expect(page.jobs[0]).to.deep.include({ status: 'failed', capabilities: ['analysis.complexity'], counts: null, summary: null });
        expect(page.jobs[0]).to.not.have.any.keys('result', 'turns', 'steps', 'internal');
      });

      it('pages by cursor: every job once, in order, even while new jobs arrive', async () => {
        const ids: string[] = [];
        for (let i = 0; i < 7; i++) {
          const job = sampleJob({ status: i % 2 === 0 ? 'succeeded' : 'failed' });
          ids.push(job.id);
          await backend.store.create(job);
        }
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await backend.store.list({ limit: 3, ...(cursor ? { cursor } : {}) });
          seen.push(...page.jobs.map((job) => job.id));
          cursor = page.nextCursor ?? undefined;
          await backend.store.create(sampleJob()); // newer jobs never shift a page that is under way
        } while (cursor);
        expect(seen).to.deep.equal([...ids].reverse());
        const failed: string[] = [];
        cursor = undefined;
        do {
          const page = await backend.store.list({ statuses: ['failed'], limit: 2, ...(cursor ? { cursor } : {}) });
          failed.push(...page.jobs.map((job) => job.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(failed).to.deep.equal([ids[5], ids[3], ids[1]]);
        let refused: unknown;
        await backend.store.list({ limit: 2, cursor: 'not-a-cursor' }).catch((error: unknown) => (refused = error));
        expect((refused as { code?: string }).code).to.equal('invalid_cursor');
      });

      it('keeps parts beside a record: replaced, appended, read by range, and removed with the job', async () => {
        const job = sampleJob();
        await backend.store.create(job);
        expect(await backend.store.readPart(job.id, 'findings', 0, 10)).to.equal(null);
        await backend.store.writePart(job.id, 'findings', [{ n: 0 }, { n: 1 }, { n: 2 }]);
        await backend.store.writePart(job.id, 'findings', [{ n: 10 }, { n: 11 }, { n: 12 }, { n: 13 }]);
        expect(await backend.store.readPart(job.id, 'findings', 1, 2)).to.deep.equal({ items: [{ n: 11 }, { n: 12 }], total: 4 });
        expect(await backend.store.readPart(job.id, 'findings', 3, 10)).to.deep.equal({ items: [{ n: 13 }], total: 4 });
        await backend.store.appendPart(job.id, 'history', ['a']);
        await backend.store.appendPart(job.id, 'history', ['b', 'c']);
        expect(await backend.store.readPart(job.id, 'history', 0, 10)).to.deep.equal({ items: ['a', 'b', 'c'], total: 3 });
        await backend.store.writePart(job.id, 'empty', []);
        expect(await backend.store.readPart(job.id, 'empty', 0, 10)).to.deep.equal({ items: [], total: 0 });
        expect(await backend.store.remove(job.id)).to.equal(true);
        expect(await backend.store.readPart(job.id, 'findings', 0, 10)).to.equal(null);
        await backend.store.writePart(job.id, 'late', [1]);
        expect(await backend.store.readPart(job.id, 'late', 0, 1), 'no part outlives its job').to.equal(null);
      });

      it('counts records per status through creates, updates and removals', async () => {
        for (const status of ['queued', 'queued', 'awaiting_approval', 'cancelled'] as JobStatus[]) {
          await backend.store.create(sampleJob({ status }));
        }
        expect(await backend.store.counts()).to.deep.equal({
          queued: 2,
          running: 0,
          awaiting_approval: 1,
          succeeded: 0,
          incomplete: 0,
          failed: 0,
          cancelled: 1,
          total: 4,
        });
        const [newest, second] = (await backend.store.list({ statuses: ['queued'], limit: 2 })).jobs;
        await backend.store.update(newest!.id, (current) => ({ ...current, status: 'running' }));
        await backend.store.remove(second!.id);
        expect(await backend.store.counts()).to.deep.equal({
          queued: 0,
          running: 1,
          awaiting_approval: 1,
          succeeded: 0,
          incomplete: 0,
          failed: 0,
          cancelled: 1,
          total: 3,
        });
      });

      it('answers ping while open and rejects it once closed', async () => {
        await backend.store.ping();
        await backend.store.close();
        let failure: unknown;
        await backend.store.ping().catch((error: unknown) => (failure = error));
        expect(failure).to.be.instanceOf(Error);
      });
    });
  });
}
