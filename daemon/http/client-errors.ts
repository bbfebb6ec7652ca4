/**
 * Requests Node's HTTP parser refuses before express sees them — headers over `maxHeaderSize` (a 64 KB
 * JWT), malformed request lines or headers, a client too slow to send its request — are answered in
 * the same JSON envelope as every other error, instead of Node's bare "400 Bad Request". The
 * connection is then closed: after a parse error nothing more on it can be trusted.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AgentdError } from '../../core/index.js';

/** Node's default, stated here so the 431 message can name it. */
export const MAX_HEADER_BYTES = 16 * 1024;

function errorFor(code: string | undefined, reason: string): AgentdError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new AgentdError(
      'headers_too_large',
      `The request headers are over the ${MAX_HEADER_BYTES / 1024} KB limit; send fewer or shorter headers (a token must fit in it).`,
    );
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new AgentdError(
      'request_timeout',
      'The request did not arrive in time (server.headersTimeoutMs / server.requestTimeoutMs); send it at once.',
    );
  }
  return new AgentdError('bad_request', `The request is not valid HTTP/1.1 (${reason}); check the request line and headers.`);
}

function answer(socket: Duplex, error: AgentdError): void {
  const body = JSON.stringify({ error: error.toJSON() });
  socket.end(
    [
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { reason?: string }, socket: Duplex) => {
    // A reset connection, or one already answered (headers sent), gets nothing more.
    if (
      error.code === 'ECONNRESET' ||
      !socket.writable ||
      (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
    ) {
      socket.destroy();
      return;
    }
    answer(socket, errorFor(error.code, error.reason ?? error.code ?? 'parse error'));
  });
}
