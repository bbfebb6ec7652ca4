/**
 * Attack: 60 unsigned 24 MB POST /webhooks/github. The route buffered up to 25 MB before checking
 * anything, even with webhooks off (RSS 174 -> 655 MB). Each case here sends the headers and only the
 * first 64 KB of a much larger declared body, and must get its answer without sending the rest: the
 * proof that the daemon decided before reading. Memory figures are the bench's business.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { signBody } from '../../daemon/security/webhook-signature.js';
import { parseAnswer, type RawAnswer } from '../daemon/hostile/raw-http.js';
import { request } from '../daemon/support/http-client.js';
import { startSecureDaemon, WEBHOOK_SECRET, type SecureDaemon } from '../daemon/security/secure-daemon.js';

const DECLARED = 24 * 1024 * 1024;
const SENT = Buffer.alloc(64 * 1024, 0x61);

/** Headers plus the first 64 KB of a body declared far larger; resolves with the answer once the server closes. */
function partialPost(port: number, headers: Record<string, string | number>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the daemon waited for the rest of the body instead of answering'));
    }, 10_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    });
    const lines = Object.entries({ host: 'x', 'content-type': 'application/json', 'content-length': DECLARED, ...headers }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.write(`POST /webhooks/github HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    socket.write(SENT);
  });
}

const githubHeaders = (): Record<string, string> => ({ 'x-github-event': 'push', 'x-github-delivery': randomUUID() });

describe('attack: webhook floods', function () {
  describe('with webhooks off', () => {
    let t: SecureDaemon;
    before(async () => (t = await startSecureDaemon()));
    after(() => t.close());

    it('answers 60 concurrent 24 MB posts with 404 before reading their bodies, closing each connection', async () => {
      const answers = await Promise.all(Array.from({ length: 60 }, () => partialPost(t.daemon.port, githubHeaders())));
      for (const answer of answers) {
        expect(answer.status).to.equal(404);
        expect(answer.head.toLowerCase()).to.include('connection: close');
        expect(JSON.parse(answer.body).error.code).to.equal('not_found');
      }
      expect((await request(t.url, 'GET', '/health')).status).to.equal(200);
    });
  });

  describe('with webhooks on', () => {
    let t: SecureDaemon;
    before(async () => (t = await startSecureDaemon((config) => (config.github.webhookSecret = WEBHOOK_SECRET))));
    after(() => t.close());

    it('refuses a missing or malformed signature header with 401 before reading the body', async () => {
      for (const signature of [undefined, 'sha256=nothex', `sha1=${'0'.repeat(40)}`]) {
        const answer = await partialPost(t.daemon.port, { ...githubHeaders(), ...(signature ? { 'x-hub-signature-256': signature } : {}) });
        expect(answer.status, String(signature)).to.equal(401);
        expect(JSON.parse(answer.body).error.code).to.equal('unauthorized');
      }
    });

    it('refuses a declared size over 25 MB with 413 before reading, naming the real limit', async () => {
      const answer = await partialPost(t.daemon.port, {
        ...githubHeaders(),
        'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
        'content-length': 26 * 1024 * 1024,
      });
      expect(answer.status).to.equal(413);
      const error = JSON.parse(answer.body).error;
      expect(error.code).to.equal('payload_too_large');
      expect(error.message).to.include('25 MB');
    });

    it('cuts a chunked body off at 25 MB with 413 instead of buffering it all', async () => {
      const answer = await new Promise<RawAnswer & { sentMB: number }>((resolve) => {
        const socket = connect(t.daemon.port, '127.0.0.1');
        const chunks: Buffer[] = [];
        let sent = 0;
        let answered = false;
        socket.on('data', (chunk) => {
          answered = true;
          chunks.push(chunk);
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ ...parseAnswer(Buffer.concat(chunks).toString('utf8')), sentMB: sent / 2 ** 20 }));
        const headers = {
          host: 'x',
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
          'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
          ...githubHeaders(),
        };
        socket.write(
          `POST /webhooks/github HTTP/1.1\r\n${Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\r\n')}\r\n\r\n`,
        );
        const mb = Buffer.alloc(2 ** 20, 0x61);
        const pump = (): void => {
          while (!answered && !socket.destroyed && sent < 64 * 2 ** 20) {
            sent += mb.length;
            const flowing = [socket.write(`${mb.length.toString(16)}\r\n`), socket.write(mb), socket.write('\r\n')].every(Boolean);
            if (!flowing) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      expect(answer.status).to.equal(413);
      expect(JSON.parse(answer.body).error.message).to.include('25 MB');
      expect(answer.sentMB, 'the daemon stopped reading near the limit').to.be.below(64);
    });

    it('still accepts a signed 2 MB delivery, hashed as it streamed in', async () => {
      const body = JSON.stringify({ action: 'synchronize', padding: 'p'.repeat(2 * 1024 * 1024) });
      const headers = {
        'content-type': 'application/json',
        ...githubHeaders(),
        'x-hub-signature-256': signBody(WEBHOOK_SECRET, Buffer.from(body)),
      };
      const reply = await request(t.url, 'POST', '/webhooks/github', body, headers);
      expect(reply.status).to.equal(202);
      expect(reply.body).to.include({ accepted: true, event: 'push' });
    });
  });

  it('states the JSON API limit in its own 413', async () => {
    const t = await startSecureDaemon();
    try {
      const reply = await request(t.url, 'POST', '/jobs', JSON.stringify({ task: 'x'.repeat(2 * 1024 * 1024) }));
      expect(reply.status).to.equal(413);
      expect(reply.body.error.message).to.include('1 MB');
    } finally {
      await t.close();
    }
  });
});
