/**
 * Issue #15 §5: Node's own 400/431 answers (oversized headers, malformed requests, a 64 KB JWT) were not
 * in the JSON error envelope. Sent over raw sockets, as an attacker would.
 */
import { expect } from 'chai';
import { rawRequest } from '../daemon/hostile/raw-http.js';
import { API_KEY, startSecureDaemon, type SecureDaemon } from '../daemon/security/secure-daemon.js';

function envelope(body: string): { code: string; message: string } {
  return (JSON.parse(body) as { error: { code: string; message: string } }).error;
}

describe('attack: requests Node refuses before the app sees them', function () {
  this.timeout(60_000);
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.security.apiKey = API_KEY;
    });
  });
  after(() => t.close());

  const cases: Array<[string, string, number, string]> = [
    [
      'a 64 KB JWT',
      `GET /jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'e'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    [
      '200 headers of 100 bytes',
      `GET /health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 200 }, (_, i) => `X-H${i}: ${'a'.repeat(100)}\r\n`).join('')}Connection: close\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    ['a malformed request line', 'GET /health HTTP/9.9 extra\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['a header name with a space', 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400, 'bad_request'],
    ['a bare LF inside a header value', 'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n', 400, 'bad_request'],
    ['garbage instead of HTTP', '\u0000\u0001\u0002 not http at all\r\n\r\n', 400, 'bad_request'],
  ];
  for (const [name, raw, status, code] of cases) {
    it(`${name}: ${status} ${code} in the JSON envelope`, async () => {
      const answer = await rawRequest(t.daemon.port, raw);
      expect(answer.status).to.equal(status);
      expect(answer.head).to.match(/content-type: application\/json/i);
      const error = envelope(answer.body);
      expect(error.code).to.equal(code);
      expect(error.message).to.be.a('string').and.not.to.include('HPE_');
    });
  }

  it('the daemon keeps serving afterwards', async () => {
    const answer = await rawRequest(t.daemon.port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).to.equal(200);
  });
});
