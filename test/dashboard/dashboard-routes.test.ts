/**
 * The daemon's side of the dashboard over plain HTTP: /ui serves the built page without credentials
 * and with its own strict CSP, while every data route (GET /events included) still wants the key;
 * GET /events streams every job's events but no log lines.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import express from 'express';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dashboardRoutes } from '../../daemon/http/routes/dashboard-routes.js';
import { errorHandler, notFound } from '../../daemon/http/error-handler.js';

describe('dashboard routes: /ui and GET /events', function () {
  this.timeout(30_000);
  let t: TestDaemon;
  const apiKey = randomBytes(24).toString('base64url');
  const auth = { Authorization: `Bearer ${apiKey}` };
  before(async () => {
    t = await startTestDaemon({
      configure: (config) => {
        config.security.apiKey = apiKey;
      },
    });
  });
  after(async () => {
    await t.close();
  });

  it('serves the page, script and styles without credentials, under a CSP with no inline code', async () => {
    const page = await fetch(`${t.url}/ui/`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp)
      .to.include("default-src 'none'")
      .and.include("script-src 'self'")
      .and.include("connect-src 'self'")
      .and.include("frame-ancestors 'none'");
    expect(csp).to.not.match(/unsafe-inline|unsafe-eval|https?:/);
    const html = await page.text();
    expect(html)
      .to.include('src="app.js"')
      .and.not.match(/<script>[^<]/)
      .and.not.match(/https?:\/\//);
    const script = await fetch(`${t.url}/ui/app.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/javascript/);
    expect((await fetch(`${t.url}/ui/style.css`)).status).to.equal(200);
    const bare = await fetch(`${t.url}/ui`, { redirect: 'manual' });
    expect(bare.status).to.equal(301);
    expect(bare.headers.get('location')).to.equal('/ui/');
  });

  it('opens nothing else: data routes, GET /events and paths out of /ui still need the key', async () => {
    expect((await fetch(`${t.url}/events`)).status).to.equal(401);
    expect((await fetch(`${t.url}/jobs`)).status).to.equal(401);
    expect((await fetch(`${t.url}/ui/../jobs`)).status).to.equal(401);
    // Sent raw (fetch would normalise the dots away): the static server refuses to leave dist/ui.
    for (const raw of ['/ui/%2e%2e/%2e%2e/package.json', '/ui/..%2f..%2fpackage.json', '/ui/../../package.json']) {
      expect(await rawStatus(raw), raw).to.be.oneOf([400, 403, 404]);
    }
    expect((await fetch(`${t.url}/ui/missing.js`)).status).to.equal(404);
  });

  it('GET /events streams status, step, progress and done of every job, without log lines', async () => {
    let opened: () => void = () => {};
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let jobId = '';
    const reading = readSseWithKey(
      (event) => event.event === 'done' && event.data.jobId === jobId,
      () => opened(),
    );
    await open;
    const response = await fetch(`${t.url}/jobs`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ capability: 'refactoring.test-writer', input: { path: 'x.txt', content: 'x' }, mode: 'auto' }),
    });
    jobId = ((await response.json()) as { id: string }).id;
    const events = await reading;
    const types = new Set(events.filter((e) => e.data.jobId === jobId).map((e) => e.event));
    expect([...types]).to.include.members(['status', 'step', 'progress', 'done']);
    expect(types.has('log')).to.equal(false);
  });

  it('GET /jobs filters by capability, workspace and text: no total, the filters carried in the next link, bad values refused', async () => {
    const submit = (body: unknown) =>
      fetch(`${t.url}/jobs`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<{ id: string }>,
      );
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await submit({ capability: 'analysis.test-slow', input: { ms: 0 } })).id);
    await submit({ capability: 'refactoring.test-writer', input: { path: 'y.txt', content: 'y' } });
    const first = await fetch(`${t.url}/jobs?capability=analysis.test-slow&q=${ids[2]!.slice(0, 8)}&limit=1`, { headers: auth });
    expect(first.status).to.equal(200);
    expect(first.headers.get('x-total-count')).to.equal(null);
    expect(((await first.json()) as { id: string }[]).map((job) => job.id)).to.deep.equal([ids[2]]);
    const all = await fetch(`${t.url}/jobs?capability=analysis.test-slow&limit=2`, { headers: auth });
    const link = all.headers.get('link')!;
    expect(link).to.include('capability=analysis.test-slow').and.include('rel="next"');
    const next = await fetch(`${t.url}${/<([^>]+)>/.exec(link)![1]}`, { headers: auth });
    const seen = [...((await all.json()) as { id: string }[]), ...((await next.json()) as { id: string }[])].map((job) => job.id);
    expect(seen.slice(0, 3)).to.deep.equal([...ids].reverse());
    const tooLong = await fetch(`${t.url}/jobs?q=${'x'.repeat(501)}`, { headers: auth });
    expect(tooLong.status).to.equal(400);
    expect(((await tooLong.json()) as { error: { code: string } }).error.code).to.equal('validation_failed');
  });

  it('answers 404 not_found saying how to build it when dist/ui is missing', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'agentd-no-ui-'));
    const app = express();
    app.use(dashboardRoutes(empty), notFound);
    app.use(errorHandler(t.logger));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/ui/`);
      expect(response.status).to.equal(404);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).to.equal('not_found');
      expect(body.error.message).to.include('npm run build');
    } finally {
      server.close();
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('leaves the dashboard out with server.dashboard false: /ui is 404 not_found, the API still answers', async () => {
    const off = await startTestDaemon({ configure: (config) => (config.server.dashboard = false) });
    try {
      for (const route of ['/ui', '/ui/', '/ui/app.js']) {
        const response = await fetch(`${off.url}${route}`, { redirect: 'manual' });
        expect(response.status, route).to.equal(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).to.equal('not_found');
      }
      expect((await fetch(`${off.url}/health`)).status).to.equal(200);
    } finally {
      await off.close();
    }
  });

  function rawStatus(rawPath: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${t.url}/`, { path: rawPath }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
  }

  /** GET /events with the key until `stopWhen`; `onOpen` once the stream answered. */
  async function readSseWithKey(stopWhen: (event: { event: string; data: { jobId?: string } }) => boolean, onOpen: () => void) {
    const controller = new AbortController();
    const response = await fetch(`${t.url}/events`, { headers: auth, signal: controller.signal });
    expect(response.status).to.equal(200);
    onOpen();
    const events: { event: string; data: { jobId?: string } }[] = [];
    let buffer = '';
    try {
      for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!type || !data) continue;
          const event = { event: type, data: JSON.parse(data) as { jobId?: string } };
          events.push(event);
          if (stopWhen(event)) return events;
        }
      }
    } finally {
      controller.abort();
    }
    return events;
  }
});
