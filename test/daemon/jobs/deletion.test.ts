/**
 * DELETE /jobs/:id?purge=true deletes a finished job — its record, result parts and artifacts folder —
 * and refuses one that is not final (DELETE without purge cancels it, as before).
 */
import { expect } from 'chai';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { del, get, post, waitForStatus } from '../support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('daemon job deletion (DELETE /jobs/:id?purge=true)', function () {
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ configure: (config) => (config.workspace.cleanup = false) });
  });
  after(() => t.close());

  it('deletes a finished job with its artifacts: 204, then 404 everywhere, and gone from the list and the counts', async () => {
    const id = (await post(t.url, '/jobs', { capability: 'refactoring.test-writer', input: { path: 'x.txt', content: 'x' }, mode: 'auto' }))
      .body.id;
    await waitForStatus(t.url, id, ['succeeded']);
    const folder = path.join(t.workspace, '.agentd', 'jobs', id);
    expect(await exists(folder), 'the artifacts folder before').to.equal(true);
    const succeededBefore = (await get(t.url, '/jobs?status=succeeded')).headers.get('x-total-count');

    const reply = await del(t.url, `/jobs/${id}?purge=true`);
    expect(reply.status).to.equal(204);
    expect(reply.body).to.equal('');

    const read = await get(t.url, `/jobs/${id}`);
    expect(read.status).to.equal(404);
    expect(read.body.error.code).to.equal('job_not_found');
    expect((await get(t.url, `/jobs/${id}/changes`)).status).to.equal(404);
    const list = await get(t.url, '/jobs?limit=500');
    expect(list.body.map((job: { id: string }) => job.id)).to.not.include(id);
    expect(Number((await get(t.url, '/jobs?status=succeeded')).headers.get('x-total-count'))).to.equal(Number(succeededBefore) - 1);
    expect(await exists(folder), 'the artifacts folder after').to.equal(false);
    // The file the job wrote is the user's: deleting the job's record leaves it.
    expect(await exists(path.join(t.workspace, 'x.txt'))).to.equal(true);

    const again = await del(t.url, `/jobs/${id}?purge=true`);
    expect(again.status).to.equal(404);
    expect(again.body.error.code).to.equal('job_not_found');
  });

  it('refuses to delete a job that is not final (409 job_not_finished) and leaves it running', async () => {
    const id = (await post(t.url, '/jobs', { capability: 'analysis.test-slow', input: { ms: 60_000 } })).body.id;
    await waitForStatus(t.url, id, ['running']);
    const refused = await del(t.url, `/jobs/${id}?purge=true`);
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('job_not_finished');
    expect(refused.body.error.message).to.include('cancel it first');
    expect((await get(t.url, `/jobs/${id}`)).body.status).to.equal('running');
    // Cancel, then delete.
    expect((await del(t.url, `/jobs/${id}`)).body.status).to.equal('cancelled');
    await waitForStatus(t.url, id, ['cancelled']);
    expect((await del(t.url, `/jobs/${id}?purge=true`)).status).to.equal(204);
  });

  it('names a bad purge value (400 invalid_query) and changes nothing', async () => {
    const id = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
    await waitForStatus(t.url, id, ['succeeded']);
    const reply = await del(t.url, `/jobs/${id}?purge=soon`);
    expect(reply.status).to.equal(400);
    expect(reply.body.error.message).to.include('purge');
    expect((await get(t.url, `/jobs/${id}`)).body.status).to.equal('succeeded');
  });
});
