import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createMemoryBackend } from '../../../daemon/queue/backend.js';
import { signBody } from '../../../daemon/security/webhook-signature.js';
import { request, waitForStatus } from '../support/http-client.js';
import { API_KEY, ENCRYPTION_KEY, JWT_SECRET, WEBHOOK_SECRET, startSecureDaemon } from './secure-daemon.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../../../bin/agentd.js', import.meta.url));
const REDIS_PASSWORD = 'redis-pass-tests-0123456789';
const SECRETS = { API_KEY, JWT_SECRET, WEBHOOK_SECRET, ENCRYPTION_KEY, REDIS_PASSWORD };

function expectNoSecret(where: string, text: string): void {
  for (const [name, secret] of Object.entries(SECRETS)) expect(text, `${name} in ${where}`).to.not.include(secret);
}

const SECRET_ENV = {
  API_KEY,
  JWT_SECRET,
  GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
  AGENTD_ENCRYPTION_KEY: ENCRYPTION_KEY,
  REDIS_URL: `redis://:${REDIS_PASSWORD}@127.0.0.1:6379/0`,
};

/** Runs the real CLI with only the given environment (plus PATH), in a home folder with no config. */
async function cli(args: string[], env: Record<string, string>): Promise<{ stdout: string; stderr: string; code: number }> {
  const home = await mkdtemp(path.join(tmpdir(), 'agentd-home-'));
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, HOME: home, ...env } });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

describe('secrets never appear in output', function () {
  this.timeout(60_000);

  it('agentd start --dry-run masks every secret (API key, JWT secret, webhook secret, encryption key, Redis password)', async () => {
    const { stdout, stderr, code } = await cli(['start', '--dry-run'], SECRET_ENV);
    expect(code, stderr).to.equal(0);
    const printed = JSON.parse(stdout);
    expect(printed.config.security.apiKey).to.equal('<secret>');
    expect(printed.config.security.encryption.key).to.equal('<secret>');
    expect(printed.config.queue.url).to.not.include(REDIS_PASSWORD);
    expectNoSecret('--dry-run output', stdout + stderr);
  });

  it('configuration errors name secret keys without their values', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agentd-cfg-'));
    const file = path.join(dir, 'config.json');
    await writeFile(
      file,
      JSON.stringify({
        security: { apiKey: 7, jwtSecret: [JWT_SECRET], encryption: { enabled: 'yes', key: { k: ENCRYPTION_KEY } } },
        server: { port: 'abc' },
      }),
    );
    try {
      const { stderr, code } = await cli(['start', '--dry-run', '--config', file], { ...SECRET_ENV, AGENTD_ENCRYPTION_KEY: '' });
      expect(code).to.equal(1);
      expect(stderr).to.include('server.port');
      expectNoSecret('configuration errors', stderr);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a daemon with every secret set leaks none in its logs, /stats, /logs, /metrics, job records or error answers', async () => {
    const t = await startSecureDaemon(
      (config) => {
        config.security.apiKey = API_KEY;
        config.security.jwtSecret = JWT_SECRET;
        config.github.webhookSecret = WEBHOOK_SECRET;
        config.security.encryption = { enabled: true, algorithm: 'aes-256-gcm', key: ENCRYPTION_KEY };
        // A Redis the limiter cannot reach: its failures are logged, the password must not be.
        config.queue.type = 'redis';
        config.queue.external = { host: '127.0.0.1', port: 1, password: REDIS_PASSWORD, db: 0 };
        config.queue.url = `redis://:${REDIS_PASSWORD}@127.0.0.1:1/0`;
        config.security.rateLimiting = { enabled: true, requests: 1000, window: '1m', windowMs: 60_000 };
      },
      { backend: createMemoryBackend() },
    );
    const auth = { authorization: `Bearer ${API_KEY}` };
    const answers: string[] = [];
    const keep = async (reply: Promise<{ body: unknown; headers: Headers }>) => {
      const { body, headers } = await reply;
      answers.push(typeof body === 'string' ? body : JSON.stringify(body), JSON.stringify([...headers]));
      return body as any;
    };
    try {
      const job = await keep(request(t.url, 'POST', '/jobs', { capability: 'analysis.test-empty', input: { note: 'x' } }, auth));
      await waitForStatus(t.url, job.id, ['succeeded', 'failed']).catch(() => undefined);
      await keep(request(t.url, 'GET', `/jobs/${job.id}`, undefined, auth));
      await keep(request(t.url, 'GET', '/jobs', undefined, auth));
      await keep(request(t.url, 'GET', '/stats', undefined, auth));
      await keep(request(t.url, 'GET', '/logs?limit=500', undefined, auth));
      await keep(request(t.url, 'GET', '/metrics'));
      await keep(request(t.url, 'GET', '/stats', undefined, { authorization: `Bearer ${API_KEY}x` }));
      await keep(request(t.url, 'GET', '/stats', undefined, { 'x-api-key': JWT_SECRET }));
      await keep(request(t.url, 'POST', '/auth/token', undefined, auth));
      await keep(
        request(t.url, 'POST', '/webhooks/github', '{"zen":"x"}', {
          'content-type': 'application/json',
          'x-hub-signature-256': signBody(WEBHOOK_SECRET, Buffer.from('{"zen":"y"}')),
          'x-github-delivery': 'd1',
          'x-github-event': 'ping',
        }),
      );
      await keep(
        request(t.url, 'POST', '/jobs', `{"capability": "${API_KEY}"}`, { ...auth, 'content-type': 'application/json' }).then((reply) => ({
          ...reply,
          body: '',
        })),
      );
      await keep(request(t.url, 'GET', '/openapi.json', undefined, auth));
      for (const [i, answer] of answers.entries()) expectNoSecret(`answer ${i}`, answer);
      expectNoSecret('the daemon log', t.output());
      expect(t.output()).to.include('rate limiter store unavailable');
    } finally {
      await t.close();
    }
  });
});
