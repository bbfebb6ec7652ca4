import { expect } from 'chai';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { get, post, readSse, request, waitForStatus } from '../support/http-client.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

describe('daemon REST routes', function () {
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon();
  });
  after(async () => {
    await t.close();
  });

  describe('service routes', () => {
    it('GET /health answers healthy with uptime, timestamp, a dotted version and job counts', async () => {
      const { status, body } = await get(t.url, '/health');
      expect(status).to.equal(200);
      expect(body.status).to.equal('healthy');
      expect(body.uptime).to.be.a('number');
      expect(new Date(body.timestamp).toISOString()).to.equal(body.timestamp);
      expect(body.version).to.match(/^\d+\.\d+\.\d+/);
      expect(body.jobs).to.have.all.keys('queued', 'running', 'total');
    });

    it('GET /stats answers every status count, maxConcurrent and the instance name', async () => {
      const { status, body } = await get(t.url, '/stats');
      expect(status).to.equal(200);
      expect(body).to.have.all.keys(
        'queued',
        'running',
        'awaitingApproval',
        'succeeded',
        'incomplete',
        'failed',
        'cancelled',
        'total',
        'maxConcurrent',
        'instance',
      );
      expect(body.maxConcurrent).to.equal(3);
    });

    it('GET /stats/history counts the jobs finished per minute, by status, and names a bad window', async () => {
      const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      await waitForStatus(t.url, submitted.body.id, ['succeeded']);
      const { status, body } = await get(t.url, '/stats/history?minutes=3');
      expect(status).to.equal(200);
      expect(body).to.have.length(3);
      expect(body[2]).to.have.all.keys('at', 'succeeded', 'incomplete', 'failed', 'cancelled');
      // The job may have ended in the minute before this one.
      expect(body[1].succeeded + body[2].succeeded).to.be.at.least(1);
      expect(new Date(body[2].at).getUTCSeconds()).to.equal(0);
      expect((await get(t.url, '/stats/history')).body).to.have.length(60);
      const bad = await get(t.url, '/stats/history?minutes=0');
      expect(bad.status).to.equal(400);
      expect(bad.body.error.message).to.include('minutes');
    });

    it('GET /instances lists this daemon alone on the in-memory queue, marked as the one answering', async () => {
      const { status, body } = await get(t.url, '/instances');
      expect(status).to.equal(200);
      const { instance } = (await get(t.url, '/stats')).body;
      expect(body).to.have.length(1);
      expect(body[0]).to.include({ id: instance, self: true, maxConcurrent: 3, running: 0 });
      expect(body[0].version).to.match(/^\d+\.\d+\.\d+/);
      expect(Date.parse(body[0].seenAt)).to.be.at.least(Date.parse(body[0].startedAt));
    });

    it('GET /capabilities lists registered capability meta, including analysis.complexity', async () => {
      const { status, body } = await get(t.url, '/capabilities');
      expect(status).to.equal(200);
      const complexity = body.find((meta: { id: string }) => meta.id === 'analysis.complexity');
      expect(complexity).to.include({ group: 'analysis', writes: false });
      expect(complexity.inputSchema).to.be.an('object');
    });

    it('GET /openapi.json is OpenAPI 3.1 with every route, whose schemas validate real responses', async () => {
      const { status, body } = await get(t.url, '/openapi.json');
      expect(status).to.equal(200);
      expect(body.openapi).to.equal('3.1.0');
      expect(body.paths).to.include.all.keys(
        '/health',
        '/stats',
        '/instances',
        '/metrics',
        '/capabilities',
        '/jobs',
        '/jobs/{id}',
        '/jobs/{id}/followup',
        '/jobs/{id}/events',
        '/logs',
        '/logs/stream',
        '/auth/token',
        '/webhooks/github',
        '/openapi.json',
      );
      const ajv = new Ajv({ strict: false, allowUnionTypes: true });
      addFormats(ajv);
      const health = ajv.compile(body.components.schemas.Health);
      expect(health((await get(t.url, '/health')).body), JSON.stringify(health.errors)).to.equal(true);
      const stats = ajv.compile(body.components.schemas.Stats);
      expect(stats((await get(t.url, '/stats')).body)).to.equal(true);
      const bucket = ajv.compile(body.components.schemas.ThroughputBucket);
      for (const entry of (await get(t.url, '/stats/history?minutes=2')).body)
        expect(bucket(entry), JSON.stringify(bucket.errors)).to.equal(true);
      const instance = ajv.compile(body.components.schemas.Instance);
      for (const entry of (await get(t.url, '/instances')).body) expect(instance(entry), JSON.stringify(instance.errors)).to.equal(true);
      const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      const job = ajv.compile(body.components.schemas.Job);
      expect(job(submitted.body), JSON.stringify(job.errors)).to.equal(true);
      expect(job(await waitForStatus(t.url, submitted.body.id, ['succeeded'])), JSON.stringify(job.errors)).to.equal(true);
    });

    it('GET /logs returns recent structured lines, filtered by level, text and job', async () => {
      const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      await waitForStatus(t.url, submitted.body.id, ['succeeded']);
      const byJob = await get(t.url, `/logs?jobId=${submitted.body.id}`);
      expect(byJob.status).to.equal(200);
      expect(byJob.body.map((r: { msg: string }) => r.msg)).to.include.members(['job submitted', 'job succeeded']);
      expect(byJob.body.every((r: { jobId: string }) => r.jobId === submitted.body.id)).to.equal(true);
      const text = await get(t.url, '/logs?q=ready&limit=5');
      expect(text.body).to.have.length.greaterThan(0);
      expect(text.body.every((r: { msg: string }) => r.msg.includes('ready'))).to.equal(true);
      const errorsOnly = await get(t.url, '/logs?level=error');
      expect(errorsOnly.body.every((r: { level: string }) => r.level === 'error')).to.equal(true);
    });

    it('GET /logs/stream streams new log lines live as SSE, filtered by text', async () => {
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      const stream = readSse(t.url, '/logs/stream?q=submitted', (event) => event.data.msg === 'job submitted', { onOpen: opened });
      await open;
      const submitted = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
      const events = await stream;
      expect(events.every((event) => event.event === 'log' && JSON.stringify(event.data).includes('submitted'))).to.equal(true);
      expect(events.at(-1)!.data).to.include({ msg: 'job submitted', jobId: submitted.body.id, level: 'info' });
    });

    it('GET /logs refuses a bad level with 400 validation_failed naming the query key', async () => {
      const { status, body } = await get(t.url, '/logs?level=loud');
      expect(status).to.equal(400);
      expect(body.error.code).to.equal('validation_failed');
      expect(body.error.details[0].path).to.equal('/query/level');
    });
  });

  describe('error statuses', () => {
    it('answers an unknown route with 404 not_found in the error format', async () => {
      const { status, body } = await get(t.url, '/no/such/route');
      expect(status).to.equal(404);
      expect(body.error.code).to.equal('not_found');
      expect(body.error.message).to.be.a('string');
    });

    it('answers an unknown job with 404 job_not_found on every job route', async () => {
      for (const [method, route, body] of [
        ['GET', '/jobs/nope'],
        ['DELETE', '/jobs/nope'],
        ['POST', '/jobs/nope/followup', { message: 'x' }],
        ['GET', '/jobs/nope/events'],
      ] as const) {
        const reply = await request(t.url, method, route, body);
        expect(reply.status, `${method} ${route}`).to.equal(404);
        expect(reply.body.error.code).to.equal('job_not_found');
      }
    });

    it('answers malformed JSON with 400 invalid_json and no stack trace', async () => {
      const { status, body } = await post(t.url, '/jobs', '{"capability": ');
      expect(status).to.equal(400);
      expect(body.error.code).to.equal('invalid_json');
      expect(JSON.stringify(body)).to.not.match(/at .*\.js:\d+/);
    });

    it('answers a non-JSON body with 415 unsupported_media_type', async () => {
      const { status, body } = await post(t.url, '/jobs', 'capability=analysis.test-empty', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(status).to.equal(415);
      expect(body.error.code).to.equal('unsupported_media_type');
    });

    it('answers a body over 1 MB with 413 payload_too_large', async () => {
      const { status, body } = await post(t.url, '/jobs', { task: 'x'.repeat(1024 * 1024 + 10) });
      expect(status).to.equal(413);
      expect(body.error.code).to.equal('payload_too_large');
    });

    it('answers a body that fails its schema with 400 validation_failed listing JSON paths', async () => {
      const empty = await post(t.url, '/jobs', {});
      expect(empty.status).to.equal(400);
      expect(empty.body.error.code).to.equal('validation_failed');
      const { status, body } = await post(t.url, '/jobs', { capability: 'analysis.test-empty', mode: 'sometimes', surprise: 1 });
      expect(status).to.equal(400);
      expect(body.error.details.map((d: { path: string }) => d.path)).to.have.members(['/mode', '/surprise']);
    });

    it('answers an unknown capability with 422 unknown_capability and a did-you-mean', async () => {
      const { status, body } = await post(t.url, '/jobs', { pipeline: [{ capability: 'analysis.complexty' }] });
      expect(status).to.equal(422);
      expect(body.error.code).to.equal('unknown_capability');
      expect(body.error.message).to.include('analysis.complexity');
    });

    it('answers input that fails the inputSchema with 422 invalid_input and the JSON path of the step', async () => {
      const { status, body } = await post(t.url, '/jobs', {
        pipeline: [{ capability: 'analysis.test-empty' }, { capability: 'analysis.test-slow', input: { ms: 'soon' } }],
      });
      expect(status).to.equal(422);
      expect(body.error.code).to.equal('invalid_input');
      expect(body.error.details[0].path).to.equal('/pipeline/1/input/ms');
    });

    it('answers list queries out of range with 400 validation_failed', async () => {
      for (const query of ['limit=0', 'limit=501', 'offset=-1', 'status=dreaming', 'color=blue']) {
        const { status, body } = await get(t.url, `/jobs?${query}`);
        expect(status, query).to.equal(400);
        expect(body.error.code).to.equal('validation_failed');
      }
    });

    it('survives hostile input: arrays, nulls, deep nesting, prototype keys, bad URL escapes', async () => {
      const cases: unknown[] = [
        [],
        null,
        42,
        { __proto__: { task: 'x' } },
        JSON.parse('{"constructor":{"prototype":{}}}'),
        { pipeline: 'x'.repeat(10) },
      ];
      let deep: unknown = {};
      for (let i = 0; i < 2000; i++) deep = { a: deep };
      cases.push({ task: 'deep', input: deep });
      for (const body of cases) {
        const reply = await post(t.url, '/jobs', body);
        expect(reply.status, JSON.stringify(body).slice(0, 60)).to.be.oneOf([400, 422]);
      }
      expect((await get(t.url, '/jobs/%E0%A4%A')).status).to.be.oneOf([400, 404]);
      expect((await get(t.url, '/health')).status).to.equal(200);
    });
  });

  describe('limits and workspaces', () => {
    it('accepts limits that lower the daemon limits and records them on the job', async () => {
      const { status, body } = await post(t.url, '/jobs', {
        capability: 'analysis.test-empty',
        limits: { maxToolCalls: 5, maxExecutionTimeMin: 1 },
      });
      expect(status).to.equal(202);
      expect(body.limits).to.deep.equal({ maxMemoryMB: 2048, maxExecutionTimeMin: 1, maxToolCalls: 5 });
    });

    it('refuses limits above the daemon limits with 400 validation_failed naming the key', async () => {
      const { status, body } = await post(t.url, '/jobs', { capability: 'analysis.test-empty', limits: { maxMemoryMB: 4096 } });
      expect(status).to.equal(400);
      expect(body.error.code).to.equal('validation_failed');
      expect(body.error.details).to.deep.equal([{ path: '/limits/maxMemoryMB', message: "must be at most 2048 (the daemon's limit)" }]);
    });

    it('runs a job in a sub-folder of the workspace and records it relative', async () => {
      await mkdir(path.join(t.workspace, 'sub', 'dir'), { recursive: true });
      const { status, body } = await post(t.url, '/jobs', { capability: 'analysis.test-empty', workspace: 'sub/./dir/' });
      expect(status).to.equal(202);
      expect(body.workspace).to.equal('sub/dir');
    });

    it('refuses absolute, escaping, symlinked-out and missing workspaces with 400', async () => {
      const outside = tmpdir();
      await symlink(outside, path.join(t.workspace, 'escape')).catch(() => undefined);
      await writeFile(path.join(t.workspace, 'plain-file.txt'), 'x');
      const cases: [string, string][] = [
        [outside, 'invalid_workspace'],
        ['../', 'invalid_workspace'],
        ['sub/../../etc', 'invalid_workspace'],
        ['escape', 'invalid_workspace'],
        ['does-not-exist', 'invalid_workspace'],
        ['plain-file.txt', 'invalid_workspace'],
      ];
      for (const [workspace, code] of cases) {
        const { status, body } = await post(t.url, '/jobs', { capability: 'analysis.test-empty', workspace });
        expect(status, workspace).to.equal(400);
        expect(body.error.code, workspace).to.equal(code);
      }
    });
  });
});
