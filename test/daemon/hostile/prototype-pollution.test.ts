import { expect } from 'chai';
import { get, post, request, waitForStatus } from '../support/http-client.js';
import { startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { rawRequest } from './raw-http.js';

const PAYLOADS = [
  '{"__proto__": {"polluted": "yes"}, "capability": "analysis.test-empty"}',
  '{"capability": "analysis.test-empty", "input": {"__proto__": {"polluted": "yes"}}}',
  '{"constructor": {"prototype": {"polluted": "yes"}}, "capability": "analysis.test-empty"}',
  '{"capability": "analysis.test-empty", "input": {"constructor": {"prototype": {"polluted": "yes"}}}}',
  '{"pipeline": [{"capability": "analysis.test-empty", "input": {"__proto__": {"polluted": "yes"}}}]}',
  '{"capability": "analysis.test-empty", "limits": {"__proto__": {"polluted": "yes", "maxToolCalls": 1}}}',
  '{"capability": "analysis.test-empty", "idempotencyKey": "__proto__"}',
];

function expectClean(): void {
  expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  expect((Object.prototype as unknown as Record<string, unknown>).polluted).to.equal(undefined);
  expect(([] as unknown as Record<string, unknown>).polluted).to.equal(undefined);
}

describe('hostile input: prototype pollution', function () {
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon();
  });
  after(() => t.close());
  afterEach(expectClean);

  it('payloads with __proto__ and constructor.prototype in bodies pollute nothing, and each gets a definite answer', async () => {
    for (const payload of PAYLOADS) {
      const reply = await post(t.url, '/jobs', payload, { 'content-type': 'application/json' });
      expect([202, 400, 422], payload).to.include(reply.status);
      if (reply.status === 202)
        expect((await waitForStatus(t.url, reply.body.id, ['succeeded', 'failed'])).status).to.be.oneOf(['succeeded', 'failed']);
      expectClean();
    }
  });

  it('the same in follow-ups and query strings', async () => {
    const { body } = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
    await waitForStatus(t.url, body.id, ['succeeded']);
    const followUp = await post(t.url, `/jobs/${body.id}/followup`, '{"message": "again", "__proto__": {"polluted": "yes"}}', {
      'content-type': 'application/json',
    });
    expect(followUp.status).to.be.within(200, 499);
    for (const query of [
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      '__proto__.polluted=yes',
      'status=__proto__',
      'limit[__proto__]=1',
    ]) {
      const reply = await request(t.url, 'GET', `/jobs?${query}`);
      expect([200, 400], query).to.include(reply.status);
      expectClean();
    }
    expect(
      (await rawRequest(t.daemon.port, 'GET /logs?__proto__[polluted]=yes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status,
    ).to.be.within(200, 499);
  });

  it('a polluting body does not change how later, ordinary jobs run', async () => {
    await post(t.url, '/jobs', PAYLOADS[5]!, { 'content-type': 'application/json' });
    const { body } = await post(t.url, '/jobs', { capability: 'analysis.test-empty' });
    const done = await waitForStatus(t.url, body.id, ['succeeded', 'failed']);
    expect(done.status).to.equal('succeeded');
    expect(done.limits.maxToolCalls).to.equal(100);
    expect((await get(t.url, '/health')).status).to.equal(200);
  });
});
