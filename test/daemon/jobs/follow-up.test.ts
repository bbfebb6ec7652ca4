import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { del, get, post, waitForStatus } from '../support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const writer = (file: string, content: string, mode?: string) => ({
  capability: 'refactoring.test-writer',
  input: { path: file, content },
  ...(mode ? { mode } : {}),
});

describe('daemon follow-ups and approval', function () {
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon();
  });
  after(async () => {
    await t.close();
  });

  describe('follow-up messages', () => {
    it('re-queues a finished job with the new user turn, and the re-run receives the earlier results', async () => {
      const id = (await post(t.url, '/jobs', { capability: 'analysis.test-echo-session', input: { label: 'first' } })).body.id;
      const first = await waitForStatus(t.url, id, ['succeeded']);
      expect(first.result!.summary).to.equal('first saw 0 earlier result(s)');
      const reply = await post(t.url, `/jobs/${id}/followup`, { message: 'look again' });
      expect(reply.status).to.equal(202);
      expect(reply.headers.get('location')).to.equal(`/jobs/${id}`);
      expect(reply.body).to.include({ status: 'queued', finishedAt: null });
      const second = await waitForStatus(t.url, id, ['succeeded', 'failed']);
      expect(second.status).to.equal('succeeded');
      expect(second.attempts).to.equal(2);
      expect(second.result!.summary).to.equal('first saw 1 earlier result(s)');
      expect((second.result!.data as { previous: string[] }[])[0]!.previous).to.deep.equal(['first saw 0 earlier result(s)']);
      expect(second.turns.map((turn) => `${turn.role}:${turn.message}`)).to.deep.equal([
        'agent:first saw 0 earlier result(s)',
        'user:look again',
        'agent:first saw 1 earlier result(s)',
      ]);
    });

    it('refuses a follow-up on a running job with 409 job_running', async () => {
      const id = (await post(t.url, '/jobs', { capability: 'analysis.test-slow', input: { ms: 2000 } })).body.id;
      await waitForStatus(t.url, id, ['running']);
      const reply = await post(t.url, `/jobs/${id}/followup`, { message: 'faster please' });
      expect(reply.status).to.equal(409);
      expect(reply.body.error.code).to.equal('job_running');
      await del(t.url, `/jobs/${id}`);
    });

    it('refuses a follow-up body that is neither a message nor an action with 400 validation_failed', async () => {
      const id = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
      for (const body of [{}, { message: '' }, { action: 'maybe' }, { message: 'x', action: 'approve' }]) {
        const reply = await post(t.url, `/jobs/${id}/followup`, body);
        expect(reply.status, JSON.stringify(body)).to.equal(400);
        expect(reply.body.error.code).to.equal('validation_failed');
      }
    });
  });

  describe('approval', () => {
    it('stops a writing job in awaiting_approval with its staged changes, and approve writes them', async () => {
      const id = (await post(t.url, '/jobs', writer('notes/approved.txt', 'hello'))).body.id;
      const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
      expect(waiting.status).to.equal('awaiting_approval');
      expect(waiting.finishedAt).to.equal(null);
      expect(waiting.result!.changes).to.have.length(1);
      // The record carries the diff; the file text is fetched by reference.
      expect(waiting.result!.changes[0]).to.include({ index: 0, path: 'notes/approved.txt', action: 'create' });
      expect(waiting.result!.changes[0]!.diff).to.include('+hello');
      expect((await get(t.url, `/jobs/${id}/changes/0/after`)).body).to.equal('hello');
      expect((await get(t.url, `/jobs/${id}/changes/0/before`)).status).to.equal(404);
      expect(await exists(path.join(t.workspace, 'notes/approved.txt'))).to.equal(false);
      const reply = await post(t.url, `/jobs/${id}/followup`, { action: 'approve' });
      expect(reply.status).to.equal(202);
      expect(reply.body.status).to.equal('queued');
      const done = await waitForStatus(t.url, id, ['succeeded', 'failed']);
      expect(done.error).to.equal(null);
      expect(done.status).to.equal('succeeded');
      expect(await readFile(path.join(t.workspace, 'notes/approved.txt'), 'utf8')).to.equal('hello');
      expect(done.turns.map((turn) => turn.role + ':' + turn.message).slice(-2)[0]).to.equal('user:approve');
    });

    it('cancels the job on reject and writes nothing', async () => {
      const id = (await post(t.url, '/jobs', writer('rejected.txt', 'no'))).body.id;
      await waitForStatus(t.url, id, ['awaiting_approval']);
      const reply = await post(t.url, `/jobs/${id}/followup`, { action: 'reject' });
      expect(reply.status).to.equal(202);
      expect(reply.body.status).to.equal('cancelled');
      expect(reply.body.error.code).to.equal('cancelled');
      expect(await exists(path.join(t.workspace, 'rejected.txt'))).to.equal(false);
    });

    it('refuses a message it cannot apply to a pipeline job (never re-runs the same thing silently); "run again" re-stages', async () => {
      const id = (await post(t.url, '/jobs', writer('refined.txt', 'v1'))).body.id;
      await waitForStatus(t.url, id, ['awaiting_approval']);
      const refused = await post(t.url, `/jobs/${id}/followup`, { message: 'also add a header' });
      expect(refused.status).to.equal(400);
      expect(refused.body.error.code).to.equal('followup_not_understood');
      expect((await get(t.url, `/jobs/${id}`)).body).to.include({ status: 'awaiting_approval', attempts: 1 });
      const reply = await post(t.url, `/jobs/${id}/followup`, { message: 'run again' });
      expect(reply.body.status).to.equal('queued'); // so the wait below sees the second run's end
      const again = await waitForStatus(t.url, id, ['awaiting_approval', 'failed']);
      expect(again.attempts).to.equal(2);
      expect(again.turns.filter((turn) => turn.role === 'user').map((turn) => turn.message)).to.deep.equal(['run again']);
    });

    it('writes the changes at once in auto mode', async () => {
      const id = (await post(t.url, '/jobs', writer('auto.txt', 'auto', 'auto'))).body.id;
      const done = await waitForStatus(t.url, id, ['succeeded', 'failed', 'awaiting_approval']);
      expect(done.status).to.equal('succeeded');
      expect(await readFile(path.join(t.workspace, 'auto.txt'), 'utf8')).to.equal('auto');
    });

    it('refuses approve and reject on a job that is not awaiting approval with 409 not_awaiting_approval', async () => {
      const id = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
      await waitForStatus(t.url, id, ['succeeded']);
      for (const action of ['approve', 'reject']) {
        const reply = await post(t.url, `/jobs/${id}/followup`, { action });
        expect(reply.status).to.equal(409);
        expect(reply.body.error.code).to.equal('not_awaiting_approval');
      }
      expect((await get(t.url, `/jobs/${id}`)).body.status).to.equal('succeeded');
    });

    it('cancels a job awaiting approval on DELETE', async () => {
      const id = (await post(t.url, '/jobs', writer('deleted.txt', 'x'))).body.id;
      await waitForStatus(t.url, id, ['awaiting_approval']);
      const reply = await del(t.url, `/jobs/${id}`);
      expect(reply.status).to.equal(200);
      expect(reply.body.status).to.equal('cancelled');
      expect(await exists(path.join(t.workspace, 'deleted.txt'))).to.equal(false);
    });
  });
});
