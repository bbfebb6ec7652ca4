/**
 * The documentation capabilities through the daemon: a capability job and free-text tasks over REST on
 * fixtures/documentation/toolkit, staged for approval (nothing on disk before it), written after approve.
 */
import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../daemon/support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('documentation capabilities over REST', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'documentation/toolkit' });
  });
  after(async () => {
    await t.close();
  });

  it('a documentation.api job stages docs/api.md for approval and approve writes it', async () => {
    const id = (await post(t.url, '/jobs', { capability: 'documentation.api', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => [c.path, c.action])).to.deep.equal([['docs/api.md', 'create']]);
    expect(await exists(path.join(t.workspace, 'project', 'docs', 'api.md'))).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    const done = await waitForStatus(t.url, id, ['succeeded', 'failed']);
    expect(done.status).to.equal('succeeded');
    expect(await readFile(path.join(t.workspace, 'project', 'docs', 'api.md'), 'utf8')).to.include(
      'function convert(length: Length, to: Unit): Length',
    );
  });

  it('"add doc comments to src/text.ts" plans documentation.inline alone (no verify step) and stages comments only', async () => {
    const id = (await post(t.url, '/jobs', { task: 'add doc comments to src/text.ts', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.plan!.steps.map((s) => [s.capability, s.input])).to.deep.equal([['documentation.inline', { include: ['src/text.ts'] }]]);
    expect(waiting.result!.changes.map((c) => c.path)).to.deep.equal(['src/text.ts']);
    const removed = waiting.result!.changes[0]!.diff!.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'));
    expect(removed).to.deep.equal([]);
  });

  it('"write a README" merges into the hand-written README: the diff only adds', async () => {
    const id = (await post(t.url, '/jobs', { task: 'write a README', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.plan!.steps.map((s) => s.capability)).to.deep.equal(['documentation.readme']);
    const change = waiting.result!.changes[0]!;
    expect([change.path, change.action]).to.deep.equal(['README.md', 'modify']);
    expect(change.diff!.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))).to.deep.equal([]);
    expect(change.diff).to.include('+<!-- agentd:begin scripts -->');
  });
});
