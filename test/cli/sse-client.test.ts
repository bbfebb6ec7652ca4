import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AgentdError } from '../../core/errors/index.js';
import { SseParser, streamEvents, type SseEvent } from '../../cli/sse-client.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real local HTTP server whose handler each test sets; SSE bodies are written chunk by chunk. */
describe('SSE client', () => {
  let server: Server;
  let base: string;
  let handler: Handler = (_req, res) => res.end();

  before(async () => {
    server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const eventStream =
    (chunks: string[], end = true): Handler =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const next = (): void => {
        if (i < chunks.length) {
          res.write(chunks[i++]);
          setImmediate(next);
        } else if (end) res.end();
      };
      next();
    };

  async function collect(path: string, signal?: AbortSignal): Promise<SseEvent[]> {
    const events: SseEvent[] = [];
    for await (const event of streamEvents({ apiUrl: base }, new URL(path, base), { signal })) events.push(event);
    return events;
  }

  it('reads named events with JSON data until the server ends the stream', async () => {
    handler = eventStream(['event: status\ndata: {"status":"running"}\n\n', 'event: done\ndata: {"status":"succeeded"}\n\n']);
    expect(await collect('/events')).to.deep.equal([
      { event: 'status', data: '{"status":"running"}' },
      { event: 'done', data: '{"status":"succeeded"}' },
    ]);
  });

  it('reassembles lines and events split anywhere across chunks, including inside a CRLF', async () => {
    handler = eventStream(['eve', 'nt: lo', 'g\r', '\ndata: {"msg":', '"a b"}\r\n', '\r', '\n', 'data: plain\n', '\n']);
    expect(await collect('/split')).to.deep.equal([
      { event: 'log', data: '{"msg":"a b"}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('joins multi-line data, ignores comments (heartbeats) and keeps the last id', async () => {
    handler = eventStream([': heartbeat\n\n', 'id: 7\ndata: line one\ndata:line two\n\n', ':another comment\nevent: x\ndata\n\n']);
    expect(await collect('/multi')).to.deep.equal([
      { event: 'message', data: 'line one\nline two', id: '7' },
      { event: 'x', data: '', id: '7' },
    ]);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = Buffer.from('data: naïve – ✓\n\n');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(bytes.subarray(0, 9));
      setImmediate(() => res.end(bytes.subarray(9)));
    };
    expect((await collect('/utf8'))[0].data).to.equal('naïve – ✓');
  });

  it('stops quietly when its signal aborts an open stream', async () => {
    handler = eventStream(['data: first\n\n'], false);
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const event of streamEvents({ apiUrl: base }, new URL('/open', base), { signal: controller.signal })) {
      seen.push(event.data);
      controller.abort();
    }
    expect(seen).to.deep.equal(['first']);
  });

  it("fails with the daemon's error code and message on a non-2xx answer", async () => {
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'job_not_found', message: 'No job "x".' } }));
    };
    const error = await collect('/missing').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(AgentdError);
    expect((error as AgentdError).code).to.equal('job_not_found');
    expect((error as AgentdError).message).to.equal('No job "x".');
  });

  it('refuses an answer that is not an event stream', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    const error = await collect('/html').then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as AgentdError).message).to.include('not an event stream');
  });

  it('reports nothing listening as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const target = { apiUrl: `http://127.0.0.1:${port}` };
    const error = await (async () => {
      for await (const _ of streamEvents(target, new URL('/x', target.apiUrl))) void _;
    })().then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as AgentdError).code).to.equal('unavailable');
    expect((error as AgentdError).message).to.include('nothing is listening');
  });

  it('sends the API key as a bearer token', async () => {
    let authorization: string | undefined;
    handler = (req, res) => {
      authorization = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: ok\n\n');
    };
    for await (const _ of streamEvents({ apiUrl: base, apiKey: 'k-1' }, new URL('/auth', base))) void _;
    expect(authorization).to.equal('Bearer k-1');
  });
});

describe('SseParser', () => {
  it('dispatches nothing for a block without data and resets the event type after it', () => {
    const parser = new SseParser();
    expect(parser.push('event: lonely\n\n')).to.deep.equal([]);
    expect(parser.push('data: after\n\n')).to.deep.equal([{ event: 'message', data: 'after' }]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('data: half')).to.deep.equal([]);
    expect(parser.push('\n')).to.deep.equal([]);
    expect(parser.push('\n')).to.deep.equal([{ event: 'message', data: 'half' }]);
  });

  it('treats a lone CR as a line end once more text follows it', () => {
    const parser = new SseParser();
    expect(parser.push('data: cr\r')).to.deep.equal([]);
    expect(parser.push('\rdata: next\n\n')).to.deep.equal([
      { event: 'message', data: 'cr' },
      { event: 'message', data: 'next' },
    ]);
  });
});
