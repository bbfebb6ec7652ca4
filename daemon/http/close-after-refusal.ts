/**
 * Ends a connection whose request was refused before its body was read (a bad signature, a body over
 * the limit) without losing the answer. The answer says `Connection: close`, and Node's server then
 * closes the socket as soon as the answer is written; a socket closed with unread bytes makes the
 * kernel send a reset, and the reset can reach the client before it has read the 413 or 401 (a client
 * busy sending then sees no answer at all). So this socket closes the way HTTP servers such as Apache
 * httpd do ("lingering close"): it ends its side after the answer, reads and discards what the client
 * still sends (never keeping it) until the client ends too or LINGER_MS pass, and then closes.
 */
import type { Request, Response } from 'express';

const LINGER_MS = 2_000;

export function closeAfterRefusal(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  // Node's server calls destroySoon() once a `Connection: close` answer is written.
  socket.destroySoon = function lingeringClose(): void {
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    req.resume();
    socket.resume();
  };
}
