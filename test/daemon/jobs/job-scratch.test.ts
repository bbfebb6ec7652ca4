import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { post, waitForStatus } from '../support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const writerJob = { capability: 'refactoring.test-writer', input: { path: 'x.txt', content: 'x' }, mode: 'auto' };

describe('daemon job scratch folders', function () {
  const open: TestDaemon[] = [];
  after(async () => {
    await Promise.all(open.map((t) => t.close()));
  });

  it("keeps a job's artifacts in <workspace>/.agentd/jobs/<id> when workspace.cleanup is false", async () => {
    const t = await startTestDaemon({ configure: (config) => (config.workspace.cleanup = false) });
    open.push(t);
    const id = (await post(t.url, '/jobs', writerJob)).body.id;
    await waitForStatus(t.url, id, ['succeeded']);
    expect(await readFile(path.join(t.workspace, '.agentd', 'jobs', id, 'written.txt'), 'utf8')).to.equal('x.txt');
  });

  it('removes the scratch folder after the job when workspace.cleanup is true', async () => {
    const t = await startTestDaemon({ configure: (config) => (config.workspace.cleanup = true) });
    open.push(t);
    const id = (await post(t.url, '/jobs', writerJob)).body.id;
    await waitForStatus(t.url, id, ['succeeded']);
    expect(await exists(path.join(t.workspace, 'x.txt'))).to.equal(true);
    expect(await exists(path.join(t.workspace, '.agentd', 'jobs', id))).to.equal(false);
  });
});
