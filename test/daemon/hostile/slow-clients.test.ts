import { expect } from 'chai';
import { get } from '../support/http-client.js';
import { startSecureDaemon, type SecureDaemon } from '../security/secure-daemon.js';
import { closedBy, openSocket, untilNoConnections } from './raw-http.js';

/** Writes `text` one byte at a time, `gapMs` apart, until done or the socket closes. */
async function trickle(socket: import('node:net').Socket, text: string, gapMs: number): Promise<void> {
  for (const char of text) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(char);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
}

describe('hostile input: slow clients (slowloris)', function () {
  this.timeout(30_000);
  let t: SecureDaemon;
  before(async () => {
    t = await startSecureDaemon((config) => {
      config.server.headersTimeoutMs = 1000;
      config.server.requestTimeoutMs = 2000;
    });
  });
  after(() => t.close());

  it('closes a client that trickles its headers, while other clients keep being served', async () => {
    const socket = await openSocket(t.daemon.port);
    const closed = closedBy(socket);
    // 40 header bytes at 150 ms each would take 6 s: far past the 1 s header deadline.
    void trickle(socket, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaa', 150);
    const meanwhile = await get(t.url, '/health');
    expect(meanwhile.status).to.equal(200);
    const sent = await closed;
    expect(sent === '' || /^HTTP\/1\.1 408/.test(sent), sent.slice(0, 80)).to.equal(true);
  });

  it('closes a client that trickles its body with 408, while other clients keep being served', async () => {
    const socket = await openSocket(t.daemon.port);
    const closed = closedBy(socket);
    socket.write('POST /jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n');
    void trickle(socket, `{"capability":"analysis.test-empty","input":{"pad":"${'p'.repeat(150)}"}}`, 100);
    expect((await get(t.url, '/stats')).status).to.equal(200);
    const sent = await closed;
    expect(sent === '' || /^HTTP\/1\.1 408/.test(sent), sent.slice(0, 80)).to.equal(true);
  });

  it('many idle sockets that never send a byte are all closed, and the daemon keeps answering', async () => {
    const sockets = await Promise.all(Array.from({ length: 200 }, () => openSocket(t.daemon.port)));
    const closes = sockets.map((socket) => closedBy(socket));
    expect((await get(t.url, '/health')).status).to.equal(200);
    await Promise.all(closes);
    expect(await untilNoConnections(t.daemon)).to.equal(0);
  });
});
