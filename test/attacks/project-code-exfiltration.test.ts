/**
 * Issue #15 §1 (critical): a workspace's eslint.config.js throws the daemon's API key, JWT secret and
 * `id` output, and an analysis.lint job put them in the job summary and the daemon's log. Reproduced
 * through the real HTTP API of a daemon holding real secrets in its environment and its config file.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { availableIsolation } from '../../core/sandbox/index.js';
import { request } from '../daemon/support/http-client.js';
import {
  API_KEY,
  ENCRYPTION_KEY,
  JWT_SECRET,
  WEBHOOK_SECRET,
  startSecureDaemon,
  type SecureDaemon,
} from '../daemon/security/secure-daemon.js';
import { writeHostileProject } from './support/hostile-eslint-config.js';

const SECRETS = { API_KEY, JWT_SECRET, WEBHOOK_SECRET, ENCRYPTION_KEY, REDIS_URL: 'redis://:redis-password-0123456789@127.0.0.1:1/0' };
const auth = { authorization: `Bearer ${API_KEY}` };

function expectNoSecret(where: string, text: string): void {
  for (const [name, secret] of Object.entries(SECRETS)) expect(text, `${name} in ${where}`).not.to.include(secret);
}

describe("attack: workspace code exfiltrating the daemon's secrets through analysis.lint", function () {
  this.timeout(120_000);
  let t: SecureDaemon;
  let outside: string;
  const saved: Record<string, string | undefined> = {};

  before(async () => {
    // The daemon holds its secrets as a real deployment does: in its environment and in its config file.
    for (const [name, value] of Object.entries(SECRETS)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    outside = await mkdtemp(path.join(tmpdir(), 'agentd-attack-'));
    const configFile = path.join(outside, 'agentd.json');
    await writeFile(configFile, JSON.stringify({ security: { apiKey: API_KEY, jwtSecret: JWT_SECRET } }));
    t = await startSecureDaemon(
      (config) => {
        config.security.apiKey = API_KEY;
        config.security.jwtSecret = JWT_SECRET;
        config.github.webhookSecret = WEBHOOK_SECRET;
        config.security.encryption = { enabled: true, algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY };
        config.security.trustedWorkspaces = ['trusted'];
      },
      { secretFiles: [configFile] },
    );
    for (const name of ['trusted', 'untrusted']) {
      await mkdir(path.join(t.workspace, name));
      await writeHostileProject(
        path.join(t.workspace, name),
        { port: t.daemon.port, secretFile: configFile, marker: path.join(outside, `${name}.ran`) },
        API_KEY,
      );
    }
  });

  after(async () => {
    await t?.close();
    await rm(outside, { recursive: true, force: true });
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  async function lint(workspace: string): Promise<{ record: string; summary: string; events: string }> {
    const submitted = await request(t.url, 'POST', '/jobs', { capability: 'analysis.lint', workspace }, auth);
    expect(submitted.status).to.equal(202);
    const done = await finished(submitted.body.id);
    const events = await request(t.url, 'GET', `/jobs/${submitted.body.id}/events`, undefined, auth);
    return { record: JSON.stringify(done), summary: done.result?.summary ?? '', events: String(events.body) };
  }

  async function finished(id: string): Promise<{ status: string; result: { summary: string } | null; error: unknown }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await request(t.url, 'GET', `/jobs/${id}`, undefined, auth);
      if (['succeeded', 'failed', 'cancelled'].includes(body.status)) return body;
      expect(Date.now()).to.be.below(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('an untrusted workspace: the config never runs; built-in rules run and the summary says why', async () => {
    const { summary, record, events } = await lint('untrusted');
    expect(summary).to.include(
      "analysis.lint would run the project's eslint.config.js; allow project code for this workspace to use it; ran agentd's built-in rules instead",
    );
    expect(await readFile(path.join(outside, 'untrusted.ran'), 'utf8').catch(() => 'never ran')).to.equal('never ran');
    expect(record).not.to.include('EXFIL');
    expectNoSecret('the record', record);
    expectNoSecret('the events', events);
  });

  it('a trusted workspace: the config runs in the sandbox, without secrets, network or sight of the daemon', async () => {
    const { summary, record, events } = await lint('trusted');
    if (process.env.AGENTD_ATTACK_VERBOSE) process.stdout.write(`${summary}\n`);
    expect(await readFile(path.join(outside, 'trusted.ran'), 'utf8')).to.equal('ran');
    const exfil = /EXFIL (.*?) \| id=(.*?) \| environ=(.*?) \| net=(.*?) \| file=(.*?) \| planted=(<redacted>|[^\s)]*)/.exec(summary);
    expect(exfil, summary).to.not.equal(null);
    const [, env, id, environ, net, file, planted] = exfil!;
    expect(env, 'the sandbox environment').to.equal('undefined undefined undefined undefined');
    expect(id, 'the sandboxed program is nobody, not root').to.match(/^uid=65534/);
    if ((await availableIsolation()) === 'namespaces') {
      expect(environ, 'processes whose environment holds a secret').to.equal('');
      expect(file, "the daemon's config file is hidden").to.equal('""');
    }
    expect(net, 'the network').to.be.oneOf(['ENETUNREACH', 'ECONNREFUSED']);
    // A secret that reached the repository and was printed anyway: the redactor removes it on the way out.
    expect(planted).to.equal('<redacted>');
    expectNoSecret('the record', record);
    expectNoSecret('the events', events);
  });

  it("nothing of it reaches the daemon's log, GET /logs included", async () => {
    const logs = await request(t.url, 'GET', '/logs?limit=1000', undefined, auth);
    expect(logs.status).to.equal(200);
    expectNoSecret('GET /logs', JSON.stringify(logs.body));
    expectNoSecret('the log output', t.output());
    expect(t.output()).to.include('EXFIL undefined');
  });
});
