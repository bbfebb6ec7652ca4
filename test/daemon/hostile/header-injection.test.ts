import { expect } from 'chai';
import { get, post } from '../support/http-client.js';
import { API_KEY, WEBHOOK_SECRET, startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { rawRequest } from './raw-http.js';

const INJECTED = /^(set-cookie|x-injected):/im;

describe('hostile input: header injection', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.security.corsOrigins = ['https://ok.example.com'];
      config.github.webhookSecret = WEBHOOK_SECRET;
    });
  });
  after(() => t.close());
  afterEach(async () => {
    expect((await get(t.url, '/health')).status, 'the daemon keeps serving').to.equal(200);
  });

  it('CRLF encoded into a path or query never becomes a header of the answer', async () => {
    for (const target of [
      '/jobs/abc%0D%0ASet-Cookie:%20a=1',
      '/jobs/x%0d%0aX-Injected:%201',
      '/jobs?status=%0D%0AX-Injected:%201',
      '/nope%0D%0ASet-Cookie:a=1',
    ]) {
      const answer = await rawRequest(
        t.daemon.port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${API_KEY}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, target).to.be.within(400, 499);
      expect(answer.head, target).to.not.match(INJECTED);
    }
  });

  it('raw CR or LF inside a request header is refused by the parser with 400 and no echo', async () => {
    for (const bad of [
      'X-API-Key: a\rSet-Cookie: x=1',
      'Origin: https://ok.example.com\rX-Injected: 1',
      'X-GitHub-Delivery: 1\r X-Injected: 2',
    ]) {
      const answer = await rawRequest(t.daemon.port, `GET /stats HTTP/1.1\r\nHost: x\r\n${bad}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, bad).to.be.within(400, 499);
      expect(answer.head).to.not.match(INJECTED);
    }
  });

  it('an Origin that is not listed is never reflected, whatever it contains', async () => {
    const answer = await rawRequest(
      t.daemon.port,
      `GET /health HTTP/1.1\r\nHost: x\r\nOrigin: https://ok.example.com.evil.com\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).to.equal(200);
    expect(answer.head).to.not.match(/access-control-allow-origin/i);
  });

  it('the Location of a new job is the server-made id only', async () => {
    const reply = await post(
      t.url,
      '/jobs',
      { capability: 'analysis.test-empty', idempotencyKey: 'k\r\nX-Injected: 1' },
      { 'x-api-key': API_KEY },
    );
    expect(reply.status).to.be.oneOf([202, 400]);
    if (reply.status === 202) expect(reply.headers.get('location')).to.match(/^\/jobs\/[\w-]+$/);
    expect(reply.headers.get('x-injected')).to.equal(null);
  });
});
