/**
 * Plugins in a real daemon: loaded from `plugins` in the configuration (a broken one skipped), run as
 * REST jobs in isolates in the executor; hostile steps fail with their own codes while first-party and
 * well-behaved plugin jobs submitted at the same time finish, and the daemon keeps answering.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { get, post, waitForStatus } from '../daemon/support/http-client.js';
import { hostilePlugin } from './support/hostile-plugin.js';
import { childProcessReport } from '../daemon/support/process-report.js';

const EXAMPLE = fileURLToPath(new URL('../../../plugins/examples/license-header', import.meta.url));

describe('plugins in the daemon (REST jobs)', function () {
  this.timeout(300_000);
  let t: TestDaemon;

  before(async () => {
    const hostile = await hostilePlugin();
    t = await startTestDaemon({
      configure: (config) => {
        config.plugins = [EXAMPLE, './no/such/plugin', hostile];
        config.server.maxConcurrent = 6;
      },
    });
    const root = path.join(t.workspace, 'project');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'a.js'), 'export const a = 1;\n');
    await writeFile(path.join(root, 'b.js'), '// SPDX-License-Identifier: MIT\nexport const b = 2;\n');
    // A plugin's findings go through the project's finding policy like first-party ones.
    await writeFile(path.join(root, 'c.js'), '// agentd-ignore-file license-header/missing -- generated file\nexport const c = 3;\n');
  });
  after(() => t?.close());

  it('lists plugin capabilities beside the first-party ones; the broken plugin was skipped', async () => {
    const { status, body } = await get(t.url, '/capabilities');
    expect(status).to.equal(200);
    const ids = (body.capabilities ?? body).map((c: { id: string }) => c.id);
    expect(ids).to.include.members(['acme/analysis.license-header', 'evil/analysis.spin', 'analysis.naming']);
  });

  it("plans a plugin capability from its manifest's planning data, by its namespaced id", async () => {
    const reply = await post(t.url, '/plans', { task: 'check the license headers', workspace: 'project' });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    expect(reply.body.outcome).to.equal('plan');
    expect(reply.body.plan.steps.map((s: { capability: string; available: boolean }) => [s.capability, s.available])).to.deep.equal([
      ['acme/analysis.license-header', true],
    ]);
    const submitted = await post(t.url, '/jobs', { task: 'check the license headers', workspace: 'project', mode: 'auto' });
    const job = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed', 'incomplete']);
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.result!.findings.map((f) => [f.ruleId, f.file])).to.deep.equal([['license-header/missing', 'a.js']]);
  });

  it('runs a plugin capability as a job (its findings reviewed under agentd-ignore comments), and validates its input at submission', async () => {
    const { body } = await post(t.url, '/jobs', { capability: 'acme/analysis.license-header', workspace: 'project' });
    const job = await waitForStatus(t.url, body.id, ['succeeded', 'failed']);
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.result!.findings.map((f) => [f.ruleId, f.file])).to.deep.equal([['license-header/missing', 'a.js']]);
    const refused = await post(t.url, '/jobs', {
      capability: 'acme/analysis.license-header',
      workspace: 'project',
      input: { lines: 'many' },
    });
    expect(refused.status).to.equal(422);
    expect(refused.body.error.code).to.equal('invalid_input');
  });

  it('contains every hostile step with its own code while other jobs finish', async () => {
    const expected: Record<string, string> = {
      'evil/analysis.spin': 'plugin_cpu_limit',
      'evil/analysis.spin-async': 'plugin_cpu_limit',
      'evil/analysis.hog': 'plugin_memory_limit',
      'evil/analysis.escape': 'workspace_escape',
      'evil/analysis.reach': 'plugin_error',
      'evil/analysis.hang': 'plugin_timeout',
      'evil/analysis.writer': 'plugin_permission_denied',
      'evil/analysis.flood': 'plugin_tool_call_limit',
      'evil/analysis.huge': 'plugin_output_too_large',
    };
    const hostile = await Promise.all(
      Object.keys(expected).map(async (capability) => ({
        capability,
        id: (await post(t.url, '/jobs', { capability, workspace: 'project' })).body.id as string,
      })),
    );
    const good = await Promise.all(
      ['analysis.naming', 'acme/analysis.license-header'].map(
        async (capability) => (await post(t.url, '/jobs', { capability, workspace: 'project' })).body.id as string,
      ),
    );
    for (const { capability, id } of hostile) {
      const job = await waitForStatus(t.url, id, ['succeeded', 'failed'], 60_000);
      expect([capability, job.status, job.error?.code]).to.deep.equal([capability, 'failed', expected[capability]]);
    }
    for (const id of good) {
      const job = await waitForStatus(t.url, id, ['succeeded', 'failed'], 60_000);
      expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    }
    expect((await get(t.url, '/health')).status).to.equal(200);
  });

  it('one huge allocation fails only its job (the executor aborted: capability_crashed, or the heap limit first: plugin_memory_limit); the daemon lives and the next job succeeds', async () => {
    const { body } = await post(t.url, '/jobs', { capability: 'evil/analysis.one-huge-allocation', workspace: 'project' });
    // Usually ~0.5 s; in full-suite runs on a loaded machine it was twice still running at 60 s and once at 150 s
    // (not reproduced alone), so the wait goes past the plugin's 60 s wall limit and a job that never ends
    // reports the executor's threads and the daemon's log: the outcome asked for is the same.
    const job = await waitForStatus(t.url, body.id, ['succeeded', 'failed'], 150_000).catch(async (error: Error) => {
      const record = (await get(t.url, `/jobs/${body.id}`)).body;
      const executor = await childProcessReport(/executor-main\.js/);
      throw new Error(`${error.message}\n${JSON.stringify(record)}\n${executor}\n--- daemon log ---\n${t.logTail().slice(-20_000)}`);
    });
    // Usually V8 aborts the executor before the heap limit acts (capability_crashed); on a loaded machine
    // the limit sometimes acts first (plugin_memory_limit, seen once in a three-worker run). Either way
    // the job fails for its memory, the daemon lives and the next job runs.
    expect(job.status).to.equal('failed');
    expect(job.error?.code).to.be.oneOf(['capability_crashed', 'plugin_memory_limit']);
    const next = await post(t.url, '/jobs', { capability: 'acme/analysis.license-header', workspace: 'project' });
    const after = await waitForStatus(t.url, next.body.id, ['succeeded', 'failed'], 60_000);
    expect(after.status, JSON.stringify(after.error)).to.equal('succeeded');
  });
});
