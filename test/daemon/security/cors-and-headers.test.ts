import { expect } from 'chai';
import { request } from '../support/http-client.js';
import { API_KEY, startSecureDaemon, type SecureDaemon } from './secure-daemon.js';

const ALLOWED = 'https://dashboard.example.com';

describe('CORS', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.security.corsOrigins = [ALLOWED];
    });
  });
  after(() => t.close());

  it('a listed origin gets its own origin back, credentials and Vary: Origin', async () => {
    const reply = await request(t.url, 'GET', '/stats', undefined, { origin: ALLOWED, 'x-api-key': API_KEY });
    expect(reply.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    expect(reply.headers.get('access-control-allow-credentials')).to.equal('true');
    expect(reply.headers.get('vary')).to.match(/origin/i);
  });

  it('an unlisted origin gets no CORS headers at all', async () => {
    for (const origin of ['https://evil.example.com', `${ALLOWED}.evil.com`, 'null', 'http://dashboard.example.com']) {
      const reply = await request(t.url, 'GET', '/health', undefined, { origin });
      expect(reply.headers.get('access-control-allow-origin'), origin).to.equal(null);
      expect(reply.headers.get('access-control-allow-credentials'), origin).to.equal(null);
    }
  });

  it('answers a preflight from a listed origin with 204 and the allowances, without credentials', async () => {
    const reply = await request(t.url, 'OPTIONS', '/jobs', undefined, {
      origin: ALLOWED,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    });
    expect(reply.status).to.equal(204);
    expect(reply.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    expect(reply.headers.get('access-control-allow-methods')).to.include('POST');
    expect(reply.headers.get('access-control-allow-headers')).to.match(/authorization/i);
  });

  it('answers a preflight from an unlisted origin without any allowance', async () => {
    const reply = await request(t.url, 'OPTIONS', '/jobs', undefined, {
      origin: 'https://evil.example.com',
      'access-control-request-method': 'POST',
    });
    expect(reply.status).to.equal(204);
    expect(reply.headers.get('access-control-allow-origin')).to.equal(null);
    expect(reply.headers.get('access-control-allow-methods')).to.equal(null);
  });
});

describe('CORS with "*"', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.corsOrigins = ['*'];
    });
  });
  after(() => t.close());

  it('allows any origin as "*" but never together with credentials', async () => {
    const reply = await request(t.url, 'GET', '/health', undefined, { origin: 'https://anywhere.example.org' });
    expect(reply.headers.get('access-control-allow-origin')).to.equal('*');
    expect(reply.headers.get('access-control-allow-credentials')).to.equal(null);
  });
});

describe('security headers', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
    });
  });
  after(() => t.close());

  it('are on every answer: success, 401, 404 and 400', async () => {
    const replies = [
      await request(t.url, 'GET', '/health'),
      await request(t.url, 'GET', '/stats'),
      await request(t.url, 'GET', '/nope', undefined, { 'x-api-key': API_KEY }),
      await request(t.url, 'POST', '/jobs', '{bad', { 'x-api-key': API_KEY, 'content-type': 'application/json' }),
    ];
    expect(replies.map((reply) => reply.status)).to.deep.equal([200, 401, 404, 400]);
    for (const { headers } of replies) {
      expect(headers.get('x-content-type-options')).to.equal('nosniff');
      expect(headers.get('x-frame-options')).to.equal('DENY');
      expect(headers.get('content-security-policy')).to.include("default-src 'none'");
      expect(headers.get('strict-transport-security')).to.match(/max-age=\d+/);
      expect(headers.get('referrer-policy')).to.equal('no-referrer');
      expect(headers.get('cache-control')).to.equal('no-store');
      expect(headers.get('x-powered-by')).to.equal(null);
    }
  });
});
