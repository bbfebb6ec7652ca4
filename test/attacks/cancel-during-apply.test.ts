/**
 * Attack: DELETE /jobs/:id during the apply of a 3,000-file auto-mode change set answered `cancelled`,
 * writing went on for seconds after the job was final (709 -> 3,000 files), nothing was rolled back, and
 * the leftover apply wrote `.agentd-*.tmp` files into a folder recreated meanwhile. Now the apply is
 * atomic from the user's point of view: a DELETE before writing begins writes nothing, ever; a DELETE
 * once writing has begun is refused with 409 apply_in_progress, and the job applies everything and
 * says the cancel came too late. After the job is final, nothing more is written.
 */
import { expect } from 'chai';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { del, get, post, waitForStatus } from '../daemon/support/http-client.js';
import { bulkJob, FILES, isMarked, relPath, tally, tempFiles, until, writeProject } from './support/large-change-set.js';

describe('attack: cancel during the apply of 3,000 changes', function () {
  this.timeout(240_000);
  let t: TestDaemon;
  let root: string;

  beforeEach(async () => {
    t = await startTestDaemon();
    root = path.join(t.workspace, 'big');
    await writeProject(root);
  });
  afterEach(() => t.close());

  it('a DELETE before writing begins cancels the job, and nothing is written then or later, not even into a recreated folder', async () => {
    const { body } = await post(t.url, '/jobs', bulkJob('big'));
    await waitForStatus(t.url, body.id, ['running']);
    const cancelled = await del(t.url, `/jobs/${body.id}`);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.status).to.equal('cancelled');
    // The folder a client deletes and recreates right after the answer must stay as it left it.
    const folder = path.join(root, path.dirname(relPath(500)));
    await rm(folder, { recursive: true });
    await mkdir(folder);
    await until(async () => !t.daemon.scheduler.isRunning(body.id), 60_000, 'the run to stop');
    const job = (await get(t.url, `/jobs/${body.id}`)).body;
    expect(job.status).to.equal('cancelled');
    const after = await tally(root);
    expect(after.marked, 'no file was written').to.equal(0);
    expect(await readdir(folder)).to.deep.equal([]);
    expect(await tempFiles(root)).to.deep.equal([]);
  });

  it('a DELETE once writing has begun is 409 apply_in_progress; all 3,000 changes land and the job says the cancel came too late', async () => {
    const { body } = await post(t.url, '/jobs', bulkJob('big'));
    await until(
      async () => ((await get(t.url, `/jobs/${body.id}`)).body.progress?.message ?? '').startsWith('writing'),
      120_000,
      'the apply to begin',
    );
    await until(() => isMarked(root, 0), 60_000, 'the first file to be written', 2);
    const refused = await del(t.url, `/jobs/${body.id}`);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
    expect(refused.body.error.code).to.equal('apply_in_progress');
    const job = await waitForStatus(t.url, body.id, ['succeeded', 'failed', 'cancelled'], 180_000);
    expect(job.status).to.equal('succeeded');
    expect(job.turns.at(-1)!.message).to.include('too late to stop it, so every change was applied');
    await until(async () => !t.daemon.scheduler.isRunning(body.id), 10_000, 'the run to stop');
    const landed = await tally(root);
    expect(landed).to.deep.equal({ marked: FILES, original: 0, other: [] });
    expect(await tempFiles(root)).to.deep.equal([]);
    // Final means final: a second look finds the same files.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await tally(root)).to.deep.equal(landed);
  });
});
