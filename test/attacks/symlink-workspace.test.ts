/**
 * Issue #15 §5: a workspace symlinked outside workspace.path was refused, but the message named the
 * symlink target's real path on the server. Now it names only what the client sent.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { post } from '../daemon/support/http-client.js';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';

describe("attack: a symlink out of workspace.path, to learn the server's file system", function () {
  this.timeout(60_000);
  let harness: TestDaemon;
  let secretPlace: string;
  before(async () => {
    harness = await startTestDaemon();
    secretPlace = await mkdtemp(path.join(tmpdir(), 'agentd-private-place-'));
    await writeFile(path.join(secretPlace, 'inside.txt'), 'x');
    await symlink(secretPlace, path.join(harness.workspace, 'linked-out'), 'dir');
    await mkdir(path.join(harness.workspace, 'project'));
    await symlink(path.join(secretPlace, 'inside.txt'), path.join(harness.workspace, 'project', 'escape.txt'));
  });
  after(async () => {
    await harness.close();
    await rm(secretPlace, { recursive: true, force: true });
  });

  it('POST /jobs on the linked workspace: 400 invalid_workspace naming only "linked-out"', async () => {
    const { status, body } = await post(harness.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'linked-out' });
    expect(status).to.equal(400);
    expect(body.error.code).to.equal('invalid_workspace');
    expect(body.error.message).to.include('"linked-out"');
    expect(body.error.message).not.to.include(secretPlace);
    expect(body.error.message).not.to.include(tmpdir());
  });

  it('a capability input naming a linked file: 400 workspace_escape at submission, naming only the path it asked for', async () => {
    const { status, body } = await post(harness.url, '/jobs', {
      capability: 'analysis.test-reader',
      input: { path: 'escape.txt' },
      workspace: 'project',
    });
    expect(status).to.equal(400);
    expect(body.error.code).to.equal('workspace_escape');
    expect(body.error.message).to.include('"escape.txt"');
    expect(body.error.message).not.to.include(secretPlace);
    expect(body.error.message).not.to.include(tmpdir());
  });
});
