import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError } from '../../core/index.js';
import { defaultConfig } from '../../daemon/config/index.js';
import type { JobEvent } from '../../daemon/events/job-events.js';
import { createMemoryBackend } from '../../daemon/queue/backend.js';
import { startDaemon } from '../../daemon/server.js';
import { startTestDaemon, type TestDaemon } from './support/daemon-harness.js';
import { get, post, waitForStatus } from './support/http-client.js';

function doneEvents(t: TestDaemon): Map<string, Extract<JobEvent, { type: 'done' }>> {
  const done = new Map<string, Extract<JobEvent, { type: 'done' }>>();
  t.daemon.bus.subscribeAll((event) => {
    if (event.type === 'done') done.set(event.jobId, event);
  });
  return done;
}

describe('daemon server', function () {
  const open: TestDaemon[] = [];
  const start = async (...args: Parameters<typeof startTestDaemon>) => {
    const t = await startTestDaemon(...args);
    open.push(t);
    return t;
  };
  after(async () => {
    await Promise.all(open.map((t) => t.close()));
  });

  describe('graceful shutdown', () => {
    it('refuses new jobs with 503 while draining and lets a running job finish within the grace period', async () => {
      const t = await start();
      const done = doneEvents(t);
      const id = (await post(t.url, '/jobs', { capability: 'analysis.test-slow', input: { ms: 600 } })).body.id;
      await waitForStatus(t.url, id, ['running']);
      const closing = t.daemon.close({ graceSec: 20 });
      const refused = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      expect(refused.status).to.equal(503);
      expect(refused.body.error.code).to.equal('unavailable');
      expect((await get(t.url, '/health')).status).to.equal(200);
      await closing;
      expect(done.get(id)).to.include({ status: 'succeeded', error: null });
      const afterClose = await fetch(`${t.url}/health`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(afterClose).to.equal('refused');
    });

    it('cancels jobs still running when the grace period ends with error.code shutdown', async () => {
      const t = await start();
      const done = doneEvents(t);
      const id = (await post(t.url, '/jobs', { capability: 'analysis.test-slow', input: { ms: 60000 } })).body.id;
      await waitForStatus(t.url, id, ['running']);
      await t.daemon.close({ graceSec: 0.2 });
      expect(done.get(id)!.status).to.equal('cancelled');
      expect(done.get(id)!.error!.code).to.equal('shutdown');
    });
  });

  it('rejects a taken port with port_in_use and the one-line message', async () => {
    const t = await start();
    const config = defaultConfig();
    config.server.port = t.daemon.port;
    config.workspace.path = t.workspace;
    let failure: unknown;
    await startDaemon(config, { logger: t.logger }).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(AgentdError);
    expect((failure as AgentdError).code).to.equal('port_in_use');
    expect((failure as AgentdError).message).to.equal(
      `Port ${t.daemon.port} on 127.0.0.1 is already in use; choose another with --port or stop the other process.`,
    );
    expect((await get(t.url, '/health')).status).to.equal(200);
  });

  it('answers /health with 503 unhealthy when the queue backend does not answer, and keeps serving /metrics', async () => {
    const backend = createMemoryBackend();
    const t = await start({ backend });
    expect((await get(t.url, '/health')).status).to.equal(200);
    await backend.queue.close();
    const health = await get(t.url, '/health');
    expect(health.status).to.equal(503);
    expect(health.body.status).to.equal('unhealthy');
    expect(health.body.reason).to.be.a('string').and.not.equal('');
    expect((await get(t.url, '/metrics')).status).to.equal(200);
    const refused = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
    expect(refused.status).to.equal(503);
    expect(refused.body.error.code).to.equal('unavailable');
    expect((await get(t.url, '/jobs')).body).to.deep.equal([]); // the refused job left no record behind
  });

  it('refuses new jobs with 503 when the workspace folder is over workspace.maxSize', async () => {
    const t = await start({ configure: (config) => Object.assign(config.workspace, { maxSize: '1KB', maxSizeBytes: 1024 }) });
    expect((await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).status).to.equal(202);
    const full = await start({ configure: (config) => Object.assign(config.workspace, { maxSize: '1KB', maxSizeBytes: 1024 }) });
    await writeFile(path.join(full.workspace, 'big.bin'), Buffer.alloc(4096));
    const refused = await post(full.url, '/jobs', { capability: 'analysis.test-empty' });
    expect(refused.status).to.equal(503);
    expect(refused.body.error.code).to.equal('unavailable');
    expect(refused.body.error.message).to.include('workspace.maxSize "1KB"');
  });

  it('creates a workspace.path that does not exist yet, and the first job runs in it', async () => {
    const t = await start({ configure: (config) => (config.workspace.path = path.join(config.workspace.path, 'not', 'yet')) });
    const id = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
    expect((await waitForStatus(t.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
  });

  it('fails start-up with invalid_config when workspace.path cannot be created', async () => {
    const t = await start();
    const blocker = path.join(t.workspace, 'a-file');
    await writeFile(blocker, 'x');
    const config = defaultConfig();
    Object.assign(config.server, { port: 0, host: '127.0.0.1' });
    config.workspace.path = path.join(blocker, 'workspace');
    const failure = await startDaemon(config).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(AgentdError);
    expect((failure as AgentdError).code).to.equal('invalid_config');
    expect((failure as AgentdError).message).to.include(`workspace.path "${config.workspace.path}" cannot be created (ENOTDIR)`);
  });
});
