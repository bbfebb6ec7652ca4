/**
 * The embedded engine's job store on disk: the same queue-backend contract as the memory and Redis
 * stores, and what it is for — a job, its parts and its turns survive a close and reopen; a job that was
 * running cannot continue and is loaded as failed (worker_lost), saying so; an unreadable file is set
 * aside and the rest load.
 */
import { expect } from 'chai';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBackend } from '../../../daemon/queue/backend.js';
import { FileJobStore } from '../../../daemon/jobs/file-job-store.js';
import { describeQueueContract, sampleJob } from './queue-contract.js';

const folders: string[] = [];
async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), 'agentd-file-store-'));
  folders.push(made);
  return made;
}
after(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

describeQueueContract('memory queue + file job store', async () => ({
  ...createMemoryBackend(),
  store: await FileJobStore.open(await folder()),
}));

describe('daemon/jobs/file-job-store: sessions kept on disk', () => {
  it('reopens with every job, its parts and its turns, in creation order; a deleted job stays deleted', async () => {
    const dir = await folder();
    const store = await FileJobStore.open(dir);
    const first = sampleJob({ id: 'job-1', status: 'awaiting_approval', createdAt: '2026-01-01T00:00:00.000Z' });
    const second = sampleJob({ id: 'job-2', status: 'succeeded', createdAt: '2026-01-02T00:00:00.000Z' });
    const third = sampleJob({ id: 'job-3', status: 'succeeded', createdAt: '2026-01-03T00:00:00.000Z' });
    for (const job of [first, second, third]) await store.create(job);
    await store.writePart('job-1', 'changes', [{ path: 'a.ts', action: 'modify', after: 'x' }]);
    await store.appendPart('job-1', 'history', [{ n: 1 }]);
    await store.appendPart('job-1', 'history', [{ n: 2 }]);
    await store.update('job-2', (job) => ({ ...job, turns: [...job.turns, { role: 'user', message: 'only src/', at: job.createdAt }] }));
    await store.removeFinished('job-3');
    await store.close();

    const reopened = await FileJobStore.open(dir);
    const page = await reopened.list({ limit: 10 });
    expect(page.jobs.map((j) => j.id)).to.deep.equal(['job-2', 'job-1']);
    expect((await reopened.get('job-1'))!.status).to.equal('awaiting_approval');
    expect(await reopened.readPart('job-1', 'changes', 0, 10)).to.deep.equal({
      items: [{ path: 'a.ts', action: 'modify', after: 'x' }],
      total: 1,
    });
    expect((await reopened.readPart('job-1', 'history', 0, 10))!.items).to.deep.equal([{ n: 1 }, { n: 2 }]);
    expect((await reopened.get('job-2'))!.turns.at(-1)!.message).to.equal('only src/');
    expect(await reopened.get('job-3')).to.equal(null);
    expect((await readdir(dir)).sort()).to.deep.equal(['job-1.json', 'job-2.json']);
    await reopened.close();
  });

  it('loads a job that was running as failed with worker_lost, and sets an unreadable file aside', async () => {
    const dir = await folder();
    const store = await FileJobStore.open(dir);
    await store.create(sampleJob({ id: 'job-run', status: 'running' }));
    await store.close();
    await writeFile(path.join(dir, 'job-bad.json'), '{"format": 1, "job": ');

    const reopened = await FileJobStore.open(dir, () => '2026-02-02T00:00:00.000Z');
    const job = (await reopened.get('job-run'))!;
    expect(job.status).to.equal('failed');
    expect(job.error?.code).to.equal('worker_lost');
    expect(job.error?.message).to.match(/was running when the agent session that ran it ended; it cannot continue/);
    expect(job.finishedAt).to.equal('2026-02-02T00:00:00.000Z');
    expect((await reopened.counts()).total).to.equal(1);
    expect(await readdir(dir)).to.include('job-bad.json.unreadable');
    await reopened.close();
  });
});
