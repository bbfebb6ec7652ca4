/**
 * Raw sockets for the hostile-input tests: what fetch refuses to send (CRLF in values, invalid
 * percent-encoding, trickled headers) goes over a plain TCP connection, and the whole answer is read.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  head: string;
  body: string;
  text: string;
}

export function parseAnswer(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const head = split >= 0 ? text.slice(0, split) : text;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, head, body: split >= 0 ? text.slice(split + 4) : '', text };
}

/** Sends `request` as is and reads until the server closes the connection (send "Connection: close"). */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 15000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer still leaves the answer to read
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    });
    socket.write(request);
  });
}

/** Opens a socket and resolves once it is connected. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when the server closes the socket, with what it sent before closing. */
export function closedBy(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8'))));
}

/**
 * Waits until the daemon holds no client connection. Keep-alive sockets of this process's own fetch
 * calls close after the server's keep-alive timeout (5 s), so "cleaned up" means "eventually zero".
 */
export async function untilNoConnections(daemon: { connectionCount(): Promise<number> }, deadlineMs = 30_000): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  let count = await daemon.connectionCount();
  while (count > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await daemon.connectionCount();
  }
  return count;
}
