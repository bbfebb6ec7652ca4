import { expect } from 'chai';
import { SignJWT, UnsecuredJWT } from 'jose';
import { request } from '../support/http-client.js';
import { API_KEY, JWT_SECRET, startSecureDaemon, type SecureDaemon } from './secure-daemon.js';

const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });
const key = new TextEncoder().encode(JWT_SECRET);

async function signed(claims: { exp?: number; sub?: string; iss?: string }, secret: Uint8Array = key): Promise<string> {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (claims.sub) jwt.setSubject(claims.sub);
  if (claims.iss) jwt.setIssuer(claims.iss);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(secret);
}

function expectUnauthorized(reply: { status: number; headers: Headers; body: any }): void {
  expect(reply.status).to.equal(401);
  expect(reply.body.error.code).to.equal('unauthorized');
  expect(reply.headers.get('www-authenticate')).to.match(/^Bearer /);
}

describe('authentication: API key and JWT', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.security.jwtSecret = JWT_SECRET;
      config.security.jwtExpiresIn = '2m';
    });
  });
  after(() => t.close());

  describe('the API key', () => {
    it('is accepted as "Authorization: Bearer <key>"', async () => {
      expect((await request(t.url, 'GET', '/stats', undefined, bearer(API_KEY))).status).to.equal(200);
    });

    it('is accepted as "X-API-Key: <key>"', async () => {
      expect((await request(t.url, 'GET', '/jobs', undefined, { 'x-api-key': API_KEY })).status).to.equal(200);
    });

    it('missing: 401 with a Bearer challenge on every protected route', async () => {
      for (const [method, route] of [
        ['GET', '/stats'],
        ['GET', '/jobs'],
        ['POST', '/jobs'],
        ['GET', '/capabilities'],
        ['GET', '/logs'],
        ['GET', '/openapi.json'],
        ['DELETE', '/jobs/x'],
        ['GET', '/nope'],
      ]) {
        const reply = await request(t.url, method!, route!, method === 'POST' ? { capability: 'analysis.test-empty' } : undefined);
        expectUnauthorized(reply);
        expect(reply.headers.get('www-authenticate')).to.not.include('invalid_token');
      }
    });

    it('wrong, truncated, extended or differently-cased keys are all 401 with error="invalid_token"', async () => {
      for (const wrong of ['nope', API_KEY.slice(0, -1), `${API_KEY}x`, API_KEY.toUpperCase()]) {
        const reply = await request(t.url, 'GET', '/stats', undefined, bearer(wrong));
        expectUnauthorized(reply);
        expect(reply.headers.get('www-authenticate')).to.include('error="invalid_token"');
        expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, { 'x-api-key': wrong }));
      }
    });

    it('a scheme other than Bearer is not accepted', async () => {
      expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, { authorization: `Basic ${API_KEY}` }));
    });
  });

  describe('open routes', () => {
    it('GET /health needs no credentials', async () => {
      expect((await request(t.url, 'GET', '/health')).status).to.equal(200);
    });

    it('GET /metrics is open unless security.protectMetrics', async () => {
      expect((await request(t.url, 'GET', '/metrics')).status).to.equal(200);
    });

    it('only GET /health is open: POST /health still needs credentials', async () => {
      expectUnauthorized(await request(t.url, 'POST', '/health', {}));
    });
  });

  describe('JWT from POST /auth/token', () => {
    it('issues an HS256 token with sub and exp (jwtExpiresIn) that then authenticates', async () => {
      const reply = await request(t.url, 'POST', '/auth/token', undefined, bearer(API_KEY));
      expect(reply.status).to.equal(200);
      const { token, expiresAt } = reply.body;
      const [header, payload] = token
        .split('.')
        .slice(0, 2)
        .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header.alg).to.equal('HS256');
      expect(payload.sub).to.be.a('string');
      expect(payload.exp - payload.iat).to.equal(120);
      expect(new Date(expiresAt).getTime()).to.equal(payload.exp * 1000);
      expect((await request(t.url, 'GET', '/stats', undefined, bearer(token))).status).to.equal(200);
    });

    it('refuses to issue a token without the API key, or to a token holder', async () => {
      expectUnauthorized(await request(t.url, 'POST', '/auth/token'));
      const { token } = (await request(t.url, 'POST', '/auth/token', undefined, bearer(API_KEY))).body;
      expectUnauthorized(await request(t.url, 'POST', '/auth/token', undefined, bearer(token)));
    });

    it('an expired token is 401', async () => {
      const expired = await signed({ sub: 'someone', iss: 'agentd', exp: Math.floor(Date.now() / 1000) - 10 });
      expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, bearer(expired)));
    });

    it('a tampered token (payload changed, signature kept) is 401', async () => {
      const { token } = (await request(t.url, 'POST', '/auth/token', undefined, bearer(API_KEY))).body;
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin', exp: claims.exp + 3600 })).toString('base64url');
      expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, bearer(`${header}.${forged}.${signature}`)));
    });

    it('an "alg: none" token is 401', async () => {
      const none = new UnsecuredJWT({}).setSubject('api-key').setIssuer('agentd').setIssuedAt().setExpirationTime('1h').encode();
      expect(none.split('.')[2]).to.equal('');
      expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, bearer(none)));
    });

    it('a token signed with another secret is 401', async () => {
      const foreign = await signed(
        { sub: 'api-key', iss: 'agentd', exp: Math.floor(Date.now() / 1000) + 600 },
        new TextEncoder().encode('another-secret-of-enough-length-000'),
      );
      expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, bearer(foreign)));
    });

    it('a token without exp is 401', async () => {
      const eternal = await signed({ sub: 'api-key', iss: 'agentd' });
      expectUnauthorized(await request(t.url, 'GET', '/stats', undefined, bearer(eternal)));
    });
  });
});

describe('authentication: protectMetrics and tokens switched off', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
      config.security.protectMetrics = true;
    });
  });
  after(() => t.close());

  it('GET /metrics needs credentials when security.protectMetrics', async () => {
    expectUnauthorized(await request(t.url, 'GET', '/metrics'));
    expect((await request(t.url, 'GET', '/metrics', undefined, bearer(API_KEY))).status).to.equal(200);
  });

  it('POST /auth/token is 404 without security.jwtSecret', async () => {
    const reply = await request(t.url, 'POST', '/auth/token', undefined, bearer(API_KEY));
    expect(reply.status).to.equal(404);
    expect(reply.body.error.code).to.equal('not_found');
  });
});

describe('authentication: a daemon without credentials', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon();
  });
  after(() => t.close());

  it('serves every route without credentials and warned that it is loopback-only', async () => {
    expect((await request(t.url, 'GET', '/stats')).status).to.equal(200);
    const warning = t
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((record) => /No API key/.test(record.msg));
    expect(warning?.level).to.equal('warn');
  });
});
