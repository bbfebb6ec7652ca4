import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { GithubDelivery } from '../../../daemon/events/webhook-events.js';
import { signBody } from '../../../daemon/security/webhook-signature.js';
import { request } from '../support/http-client.js';
import { API_KEY, WEBHOOK_SECRET, startSecureDaemon, type SecureDaemon } from './secure-daemon.js';

/** A delivery as GitHub sends it: raw JSON bytes (with GitHub's own spacing) and its headers. */
function delivery(body: string, overrides: Record<string, string | undefined> = {}): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string | undefined> = {
    'content-type': 'application/json',
    'x-github-event': 'issues',
    'x-github-delivery': randomUUID(),
    'x-hub-signature-256': signBody(WEBHOOK_SECRET, Buffer.from(body)),
    ...overrides,
  };
  return { body, headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string> };
}

const PAYLOAD = '{"action": "opened",  "issue": {"number": 7, "title": "ünïcode \\u00e9"}}';

describe('POST /webhooks/github', function () {
  let t: SecureDaemon;
  const received: GithubDelivery[] = [];
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.github.webhookSecret = WEBHOOK_SECRET;
    });
    t.daemon.webhooks.subscribe((d) => {
      received.push(d);
    });
  });
  after(() => t.close());
  beforeEach(() => {
    received.length = 0;
  });

  it('accepts a correctly signed delivery (signed over the raw bytes, no API key) and publishes it once', async () => {
    const { body, headers } = delivery(PAYLOAD);
    const reply = await request(t.url, 'POST', '/webhooks/github', body, headers);
    expect(reply.status).to.equal(202);
    expect(reply.body).to.include({ accepted: true, duplicate: false, delivery: headers['x-github-delivery'], event: 'issues' });
    expect(received).to.have.length(1);
    expect(received[0]).to.include({ id: headers['x-github-delivery'], event: 'issues', action: 'opened' });
    expect(received[0]!.payload).to.deep.equal(JSON.parse(PAYLOAD));
    expect(t.output()).to.include('webhook delivery accepted');
  });

  it('rejects a signature over re-serialised JSON (the raw bytes are what count)', async () => {
    const reserialised = JSON.stringify(JSON.parse(PAYLOAD));
    const { headers } = delivery(reserialised);
    const reply = await request(t.url, 'POST', '/webhooks/github', PAYLOAD, headers);
    expect(reply.status).to.equal(401);
    expect(received).to.have.length(0);
  });

  it('bad, missing, malformed or sha1 signatures are 401 and nothing is processed', async () => {
    const wrongSecret = signBody('not-the-secret', Buffer.from(PAYLOAD));
    const cases: Array<string | undefined> = [
      wrongSecret,
      undefined,
      'sha256=',
      'sha256=zz',
      `sha1=${'0'.repeat(40)}`,
      wrongSecret.toUpperCase(),
      `${signBody(WEBHOOK_SECRET, Buffer.from(PAYLOAD))}00`,
    ];
    for (const signature of cases) {
      const { body, headers } = delivery(PAYLOAD, { 'x-hub-signature-256': signature });
      const reply = await request(t.url, 'POST', '/webhooks/github', body, headers);
      expect(reply.status, String(signature)).to.equal(401);
      expect(reply.body.error.code).to.equal('unauthorized');
    }
    expect(received).to.have.length(0);
  });

  it('checks the signature before parsing: an unsigned non-JSON body is 401, not 400', async () => {
    const reply = await request(t.url, 'POST', '/webhooks/github', '{not json', {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
    });
    expect(reply.status).to.equal(401);
  });

  it('a signed body that is not JSON is 400 invalid_json', async () => {
    const { body, headers } = delivery('{not json');
    const reply = await request(t.url, 'POST', '/webhooks/github', body, headers);
    expect(reply.status).to.equal(400);
    expect(reply.body.error.code).to.equal('invalid_json');
    expect(received).to.have.length(0);
  });

  it('ignores a replayed X-GitHub-Delivery: 202 with duplicate: true, published only once', async () => {
    const { body, headers } = delivery(PAYLOAD);
    const first = await request(t.url, 'POST', '/webhooks/github', body, headers);
    const replay = await request(t.url, 'POST', '/webhooks/github', body, headers);
    expect(first.body.accepted).to.equal(true);
    expect(replay.status).to.equal(202);
    expect(replay.body).to.include({ accepted: false, duplicate: true });
    expect(replay.body.note).to.be.a('string');
    expect(received).to.have.length(1);
  });

  it('a signed delivery without X-GitHub-Delivery is 400 validation_failed', async () => {
    const { body, headers } = delivery(PAYLOAD, { 'x-github-delivery': undefined });
    const reply = await request(t.url, 'POST', '/webhooks/github', body, headers);
    expect(reply.status).to.equal(400);
    expect(reply.body.error.code).to.equal('validation_failed');
  });
});

describe('POST /webhooks/github without github.webhookSecret', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon();
  });
  after(() => t.close());

  it('is 404 not_found naming the setting, even with a plausible signature', async () => {
    const { body, headers } = delivery(PAYLOAD);
    const reply = await request(t.url, 'POST', '/webhooks/github', body, headers);
    expect(reply.status).to.equal(404);
    expect(reply.body.error.code).to.equal('not_found');
    expect(reply.body.error.message).to.include('github.webhookSecret');
  });
});
