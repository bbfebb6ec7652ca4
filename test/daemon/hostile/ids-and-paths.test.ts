import { expect } from 'chai';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { get, post, waitForStatus } from '../support/http-client.js';
import { startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { expectCleanError } from './clean-answers.js';
import { rawRequest } from './raw-http.js';

describe('hostile input: ids, workspaces and paths', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon();
    const project = path.join(t.workspace, 'project');
    await mkdir(project, { recursive: true });
    await writeFile(path.join(project, 'ok.txt'), 'fine');
    await writeFile(path.join(project, 'big.txt'), 'x'.repeat(300 * 1024));
    await writeFile(path.join(project, 'blob.bin'), Buffer.from([0, 1, 2, 3, 255, 0, 0, 7, 0x89, 0x50, 0x4e, 0x47]));
    const outside = path.join(tmpdir(), `agentd-outside-${process.pid}.txt`);
    await writeFile(outside, 'outside secret');
    await symlink(outside, path.join(project, 'escape.txt'));
    await symlink(tmpdir(), path.join(t.workspace, 'linked-out'));
  });
  after(() => t.close());
  afterEach(async () => {
    expect((await get(t.url, '/health')).status, 'the daemon keeps serving').to.equal(200);
  });

  it('unicode, NUL, RTL and traversal in job ids are 404 job_not_found', async () => {
    for (const id of ['%00', 'a%00b', '%E2%80%AE', '%F0%9F%92%A5', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'x'.repeat(5000)]) {
      const reply = await get(t.url, `/jobs/${id}`);
      expect(reply.status, id).to.equal(404);
      expectCleanError(reply);
    }
  });

  it('invalid percent-encoding in a path is a 4xx with our error shape', async () => {
    for (const id of ['%E0%A4%A', '%C0%AF', '%', '%ZZ']) {
      const answer = await rawRequest(t.daemon.port, `GET /jobs/${id} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, id).to.be.within(400, 499);
      expectCleanError({ status: answer.status, body: JSON.parse(answer.body) });
    }
  });

  it('workspaces that climb out, are absolute, hold NUL or lead through a symlink out are 400', async () => {
    for (const workspace of [
      '..',
      '../..',
      'project/../../..',
      '/etc',
      'C:\\Windows',
      'project\u0000',
      'linked-out',
      '\\\\server\\share',
    ]) {
      const reply = await post(t.url, '/jobs', { capability: 'analysis.test-reader', input: { path: 'ok.txt' }, workspace });
      expect(reply.status, JSON.stringify(workspace)).to.equal(400);
      expectCleanError(reply);
    }
  });

  // Path-like input fields are confined at submission (daemon/jobs/input-paths.ts): no job is created, nothing is read.
  it('capability inputs that climb out, are absolute or follow a symlink out are 400 workspace_escape at submission, reading nothing', async () => {
    for (const input of ['../../../../etc/passwd', '/etc/passwd', 'escape.txt', 'sub/../../ok.txt']) {
      const reply = await post(t.url, '/jobs', { capability: 'analysis.test-reader', input: { path: input }, workspace: 'project' });
      expect(reply.status, input).to.equal(400);
      expectCleanError(reply);
      expect(reply.body.error.code, input).to.equal('workspace_escape');
      expect(reply.body.error.message, input).to.match(/"\.\."|absolute|symlink|outside|escape/i);
      expect(JSON.stringify(reply.body)).to.not.include('outside secret');
    }
  });

  it('oversized and binary files are refused, saying why', async () => {
    for (const [file, reason, code] of [
      ['big.txt', /over the \d+-byte limit/, 'file_too_large'],
      ['blob.bin', /binary/i, 'binary_file'],
    ] as const) {
      const { body } = await post(t.url, '/jobs', { capability: 'analysis.test-reader', input: { path: file }, workspace: 'project' });
      const done = await waitForStatus(t.url, body.id, ['succeeded', 'failed']);
      expect(done.error?.code, file).to.equal(code);
      expect(done.error?.message, file).to.match(reason);
    }
  });

  it('unicode and NUL bytes in inputs are kept as data, not interpreted', async () => {
    const nul = await post(t.url, '/jobs', { capability: 'analysis.test-reader', input: { path: 'ok\u0000.txt' }, workspace: 'project' });
    expect(nul.status).to.equal(400);
    expect(nul.body.error.code).to.equal('workspace_escape');
    expect(nul.body.error.message).to.include('NUL byte');
    const emoji = await post(t.url, '/jobs', {
      capability: 'analysis.test-empty',
      input: { note: '💥\u202e\uFFFF\uD800' },
      workspace: 'project',
    });
    expect(emoji.status).to.equal(202);
    expect((await waitForStatus(t.url, emoji.body.id, ['succeeded', 'failed'])).status).to.equal('succeeded');
  });
});
