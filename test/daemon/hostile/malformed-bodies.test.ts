import { expect } from 'chai';
import { get, post, request } from '../support/http-client.js';
import { API_KEY } from '../security/secure-daemon.js';
import { startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { expectCleanError } from './clean-answers.js';

const auth = { 'x-api-key': API_KEY };

describe('hostile input: malformed bodies', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
    });
  });
  after(() => t.close());
  afterEach(async () => {
    expect((await get(t.url, '/health')).status, 'the daemon keeps serving').to.equal(200);
  });

  it('malformed JSON of every kind is 400 invalid_json', async () => {
    for (const body of [
      '{',
      '{"capability":',
      '{"a":1,}',
      "{'a':1}",
      'nul',
      '\u0000',
      '{"a":"\\u12"}',
      '\uFEFF{"capability":"x"',
      '{}{}',
    ]) {
      const reply = await post(t.url, '/jobs', body, { ...auth, 'content-type': 'application/json' });
      expect(reply.status, JSON.stringify(body)).to.equal(400);
      expectCleanError(reply, 'invalid_json');
    }
  });

  it('valid JSON that is not an object is 400 validation_failed', async () => {
    for (const body of ['[]', '"text"', '42', 'null', 'true', '[{"capability":"analysis.test-empty"}]']) {
      const reply = await post(t.url, '/jobs', body, { ...auth, 'content-type': 'application/json' });
      expect(reply.status, body).to.equal(400);
      expectCleanError(reply);
    }
  });

  it('100,000 levels of nesting is refused with a 4xx, not a crash or a stack overflow', async () => {
    const depth = 100_000;
    for (const body of [
      '['.repeat(depth) + ']'.repeat(depth),
      `{"capability":"analysis.test-empty","input":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    ]) {
      const reply = await post(t.url, '/jobs', body, { ...auth, 'content-type': 'application/json' });
      expect(reply.status).to.be.within(400, 499);
      expectCleanError(reply);
    }
  });

  it('a body over 1 MB is 413 payload_too_large, also when chunked without a length', async () => {
    const huge = JSON.stringify({ capability: 'analysis.test-empty', input: { blob: 'x'.repeat(2 * 1024 * 1024) } });
    const reply = await post(t.url, '/jobs', huge, auth);
    expect(reply.status).to.equal(413);
    expectCleanError(reply, 'payload_too_large');
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const chunked = await fetch(`${t.url}/jobs`, {
      method: 'POST',
      body: stream,
      headers: { ...auth, 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).to.equal(413);
  });

  it('wrong content types are 415 unsupported_media_type', async () => {
    const body = JSON.stringify({ capability: 'analysis.test-empty' });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=koi8-r',
    ]) {
      const reply = await post(t.url, '/jobs', body, { ...auth, 'content-type': type });
      expect(reply.status, type).to.equal(415);
      expectCleanError(reply, 'unsupported_media_type');
    }
    const gzip = await post(t.url, '/jobs', body, { ...auth, 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(gzip.status).to.be.within(400, 499);
  });

  it('binary garbage declared as JSON is 400', async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const reply = await request(t.url, 'POST', '/jobs', garbage, { ...auth, 'content-type': 'application/json' });
    expect(reply.status).to.equal(400);
    expectCleanError(reply);
  });
});
