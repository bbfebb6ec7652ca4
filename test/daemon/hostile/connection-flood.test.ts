import { expect } from 'chai';
import { get, post } from '../support/http-client.js';
import { API_KEY, startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { rawRequest, untilNoConnections } from './raw-http.js';

const COUNT = 2000;

describe('hostile input: thousands of concurrent connections', function () {
  this.timeout(120_000);
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
    });
  });
  after(() => t.close());

  it(`answers ${COUNT} simultaneous sockets each with the right status, loses no job, and closes them all`, async () => {
    // A mix: probes (200), requests without credentials (401), unknown routes with the key (404).
    const plans = Array.from({ length: COUNT }, (_, i) => {
      if (i % 3 === 0) return { target: '/health', headers: '', expected: 200 };
      if (i % 3 === 1) return { target: '/stats', headers: '', expected: 401 };
      return { target: `/nope/${i}`, headers: `X-API-Key: ${API_KEY}\r\n`, expected: 404 };
    });
    const flood = Promise.all(
      plans.map((plan) =>
        rawRequest(t.daemon.port, `GET ${plan.target} HTTP/1.1\r\nHost: x\r\n${plan.headers}Connection: close\r\n\r\n`, 90_000),
      ),
    );
    const jobs = await Promise.all(
      Array.from({ length: 20 }, () => post(t.url, '/jobs', { capability: 'analysis.test-empty' }, { 'x-api-key': API_KEY })),
    );
    const answers = await flood;
    const wrong = answers.map((answer, i) => [answer.status, plans[i]!.expected]).filter(([got, want]) => got !== want);
    expect(wrong, JSON.stringify(wrong.slice(0, 5))).to.deep.equal([]);
    for (const job of jobs) {
      expect(job.status).to.equal(202);
      const record = await fetch(`${t.url}/jobs/${job.body.id}`, { headers: { 'x-api-key': API_KEY } });
      expect(record.status).to.equal(200);
    }
    const done = await Promise.all(jobs.map((job) => waitForStatusWithKey(t.url, job.body.id)));
    expect(done.every((status) => status === 'succeeded')).to.equal(true);
    expect((await get(t.url, '/health')).status).to.equal(200);
    expect(await untilNoConnections(t.daemon)).to.equal(0);
  });
});

async function waitForStatusWithKey(base: string, id: string): Promise<string> {
  for (let i = 0; i < 1000; i += 1) {
    const response = await fetch(`${base}/jobs/${id}`, { headers: { 'x-api-key': API_KEY } });
    const { status } = (await response.json()) as { status: string };
    if (status === 'succeeded' || status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return 'timeout';
}
