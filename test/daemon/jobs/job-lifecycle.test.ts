import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post, readSse, waitForStatus } from '../support/http-client.js';

/** The sources analysis.complexity measures by default: no test code. */
async function countSources(folder: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    // Test code is left out of complexity by agentd's defaults (core/project-config/scan-defaults.ts), in jobs as in scans.
    if (
      entry.isFile() &&
      /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/.test(entry.name) &&
      !full.includes('node_modules') &&
      !/\.test\.|\/test\//.test(path.relative(folder, full))
    )
      count += 1;
  }
  return count;
}

describe('daemon job lifecycle (real engine)', function () {
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'express-ts-api' });
  });
  after(async () => {
    await t.close();
  });

  it('runs analysis.complexity on the express fixture: queued -> running -> succeeded with steps, progress, result, usage', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'analysis.complexity', workspace: 'project', mode: 'auto' });
    expect(submitted.status).to.equal(202);
    expect(submitted.headers.get('location')).to.equal(`/jobs/${submitted.body.id}`);
    expect(submitted.body).to.include({
      status: 'queued',
      kind: 'pipeline',
      mode: 'auto',
      workspace: 'project',
      attempts: 0,
      result: null,
      error: null,
    });
    const job = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed']);
    expect(job.error).to.equal(null);
    expect(job.status).to.equal('succeeded');
    expect(job.steps).to.have.length(1);
    expect(job.steps[0]).to.include({ index: 0, capability: 'analysis.complexity', status: 'succeeded' });
    expect(job.steps[0]!.summary).to.match(/^Measured \d+ functions/);
    expect(job.progress).to.deep.equal({ completedSteps: 1, totalSteps: 1, percent: 100, message: 'done' });
    const data = (job.result!.data as { totals: { files: number } }[])[0]!;
    expect(data.totals.files).to.equal(await countSources(path.join(t.workspace, 'project')));
    expect(job.result!.findings).to.be.an('array');
    expect(job.usage.durationMs).to.be.greaterThan(0);
    expect(job.attempts).to.equal(1);
    expect(Date.parse(job.createdAt)).to.be.at.most(Date.parse(job.startedAt!));
    expect(Date.parse(job.startedAt!)).to.be.at.most(Date.parse(job.finishedAt!));
    expect(job.turns.at(-1)).to.include({ role: 'agent', message: job.result!.summary });
  });

  it('streams status, step, progress, log and done events in order and ends the stream after done', async () => {
    const submitted = await post(t.url, '/jobs', {
      pipeline: [
        { capability: 'analysis.test-slow', input: { ms: 300 } },
        { capability: 'refactoring.test-writer', input: { path: 'out.txt', content: 'x' } },
      ],
      mode: 'auto',
    });
    const events = await readSse(t.url, `/jobs/${submitted.body.id}/events`);
    expect(events[0]!.event).to.equal('status');
    expect(events.at(-1)).to.deep.include({ event: 'done' });
    expect(events.at(-1)!.data).to.include({ status: 'succeeded', jobId: submitted.body.id });
    const steps = events.filter((e) => e.event === 'step').map((e) => `${e.data.index}:${e.data.status}`);
    expect(steps).to.deep.equal(['0:running', '0:succeeded', '1:running', '1:succeeded']);
    expect(events.some((e) => e.event === 'log' && e.data.message === 'staging "out.txt"')).to.equal(true);
    const percents = events.filter((e) => e.event === 'progress').map((e) => e.data.percent as number);
    expect(percents.at(-1)).to.equal(100);
    expect(events.filter((e) => e.event === 'done')).to.have.length(1);
  });

  it('replays a finished job as its final state and ends the stream at once', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
    await waitForStatus(t.url, submitted.body.id, ['succeeded']);
    const events = await readSse(t.url, `/jobs/${submitted.body.id}/events`);
    expect(events.map((e) => e.event)).to.deep.equal(['status', 'step', 'progress', 'done']);
    expect(events[0]!.data.status).to.equal('succeeded');
  });

  it('fails a job whose capability throws with capability_error and the message', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-throws' });
    const job = await waitForStatus(t.url, submitted.body.id, ['failed', 'succeeded']);
    expect(job.status).to.equal('failed');
    expect(job.error!.code).to.equal('capability_error');
    expect(job.steps[0]!.status).to.equal('failed');
    expect(job.finishedAt).to.be.a('string');
  });

  it('accepts a free-text task and plans it; a step that cannot run without the project-code permission leaves the job incomplete (never faked)', async () => {
    // Every capability of CAPABILITIES.md is built now; testing.e2e needs the project's code (its server) to run.
    const task = 'write end-to-end tests with playwright';
    const submitted = await post(t.url, '/jobs', { task, workspace: 'project', mode: 'auto' });
    expect(submitted.status).to.equal(202);
    expect(submitted.body).to.include({ kind: 'task', task, mode: 'auto', plan: null, question: null });
    const job = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'incomplete', 'failed', 'awaiting_approval']);
    // Steps of the plan did not run: never plain `succeeded`.
    expect(job.status, JSON.stringify(job.error)).to.equal('incomplete');
    expect(job.plan!.steps.length).to.equal(job.steps.length);
    expect(job.plan!.steps.map((step) => [step.capability, step.available])).to.deep.equal([
      ['testing.e2e', true],
      ['refactoring.verify', true],
    ]);
    expect(job.notRun).to.deep.equal([
      {
        index: 0,
        capability: 'testing.e2e',
        reason: "generation not run: project code not allowed (the project's server is started and its pages opened in Chromium)",
      },
    ]);
    expect(job.turns.map((turn) => turn.role)).to.deep.equal(['user', 'agent']);
    expect(job.turns[1]!.message).to.include('Incomplete: 1 planned step(s) did not run: step 1 testing.e2e');
  });

  it('returns the same job for a repeated idempotencyKey', async () => {
    const first = await post(t.url, '/jobs', { capability: 'analysis.test-empty', idempotencyKey: 'deploy-42' });
    const second = await post(t.url, '/jobs', { capability: 'analysis.test-empty', idempotencyKey: 'deploy-42' });
    expect(second.status).to.equal(202);
    expect(second.body.id).to.equal(first.body.id);
    const all = (await get(t.url, '/jobs?limit=500')).body as { id: string }[];
    expect(all.filter((job) => job.id === first.body.id)).to.have.length(1);
  });

  it('lists jobs newest first, filtered by repeated status and paged by limit/offset', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id);
    for (const id of ids) await waitForStatus(t.url, id, ['succeeded']);
    const page = (await get(t.url, '/jobs?limit=2')).body as { id: string }[];
    expect(page.map((job) => job.id)).to.deep.equal([ids[2], ids[1]]);
    const next = (await get(t.url, '/jobs?limit=1&offset=2')).body as { id: string }[];
    expect(next.map((job) => job.id)).to.deep.equal([ids[0]]);
    const finished = (await get(t.url, '/jobs?status=failed&status=succeeded&limit=500')).body as { status: string }[];
    expect(finished.length).to.be.greaterThan(3);
    expect(finished.every((job) => job.status === 'failed' || job.status === 'succeeded')).to.equal(true);
    const failedOnly = (await get(t.url, '/jobs?status=failed')).body as { status: string }[];
    expect(failedOnly.length).to.be.greaterThan(0);
    expect(failedOnly.every((job) => job.status === 'failed')).to.equal(true);
  });

  it('exposes the agentd_* metrics with the job counts so far and the default process metrics', async () => {
    const stats = (await get(t.url, '/stats')).body;
    const { status, body, headers } = await get(t.url, '/metrics');
    expect(status).to.equal(200);
    expect(headers.get('content-type')).to.include('text/plain');
    const text = body as string;
    expect(text).to.include('# TYPE agentd_jobs_total counter');
    expect(text).to.include(`agentd_jobs_total{status="succeeded"} ${stats.succeeded}`);
    expect(text).to.include(`agentd_jobs_total{status="failed"} ${stats.failed}`);
    expect(text).to.include(`agentd_jobs_total{status="incomplete"} ${stats.incomplete}`);
    expect(text).to.include('agentd_jobs_total{status="cancelled"} 0');
    expect(text).to.include('# TYPE agentd_jobs_duration_seconds histogram');
    for (const le of ['1', '5', '10', '30', '60', '300', '600', '1800', '3600'])
      expect(text).to.include(`agentd_jobs_duration_seconds_bucket{le="${le}"}`);
    expect(text).to.include(`agentd_jobs_duration_seconds_count ${stats.succeeded + stats.incomplete + stats.failed}`);
    expect(text).to.include('# TYPE agentd_queue_size gauge');
    expect(text).to.match(/agentd_queue_size\{status="queued"\} 0/);
    expect(text).to.match(/agentd_queue_size\{status="running"\} 0/);
    expect(text).to.match(/# TYPE agentd_uptime_seconds counter\nagentd_uptime_seconds \d/);
    expect(text).to.include('process_cpu_user_seconds_total');
  });
});
