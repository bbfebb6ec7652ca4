/**
 * A small Server-Sent Events client over fetch: enough of the WHATWG event-stream format for the
 * daemon's streams (`event`, `data` over several lines, `id`, comments, CRLF/CR/LF line ends,
 * lines split across chunks). No reconnection: a follower that loses the daemon should say so.
 */
import { AgentdError } from '../core/errors/index.js';
import { apiHeaders, httpError, unreachable, type ApiTarget } from './api-client.js';

export interface SseEvent {
  /** "message" when the stream names no event type. */
  event: string;
  data: string;
  id?: string;
}

/** Incremental parser: feed text chunks, get the events they complete. */
export class SseParser {
  private pending = '';
  private dataLines: string[] = [];
  private eventType = '';
  private lastId: string | undefined;

  push(chunk: string): SseEvent[] {
    this.pending += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.pending);
      // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.pending.length - 1)) break;
      const line = this.pending.slice(0, match.index);
      this.pending = this.pending.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const type = this.eventType || 'message';
    this.eventType = '';
    if (this.dataLines.length === 0) return undefined;
    const event: SseEvent = { event: type, data: this.dataLines.join('\n') };
    if (this.lastId !== undefined) event.id = this.lastId;
    this.dataLines = [];
    return event;
  }
}

export interface SseOptions {
  signal?: AbortSignal;
  /** Time allowed to get the response headers; the stream itself may stay quiet for as long as it likes. */
  connectTimeoutMs?: number;
}

/**
 * The events of an SSE endpoint until the server ends the stream or `signal` aborts (then it returns
 * quietly). Fails with the daemon's error when the answer is not 2xx, and AgentdError("unavailable")
 * when nothing answers.
 */
export async function* streamEvents(target: ApiTarget, url: URL, options: SseOptions = {}): AsyncGenerator<SseEvent> {
  const connect = new AbortController();
  const timer = setTimeout(() => connect.abort(new DOMException('connect timeout', 'TimeoutError')), options.connectTimeoutMs ?? 5000);
  const signal = options.signal ? AbortSignal.any([options.signal, connect.signal]) : connect.signal;
  let response: Response;
  try {
    response = await fetch(url, { headers: apiHeaders(target, 'text/event-stream'), signal });
  } catch (error) {
    if (options.signal?.aborted) return;
    throw unreachable(url, connect.signal.aborted ? connect.signal.reason : error, options.connectTimeoutMs ?? 5000);
  } finally {
    clearTimeout(timer);
  }
  yield* readEvents(url, response, options.signal);
}

async function* readEvents(url: URL, response: Response, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text
    }
    throw httpError(url, response.status, body);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    throw new AgentdError(
      'internal_error',
      `"${url.pathname}" answered "${type || 'no content type'}", not an event stream; check --api-url.`,
    );
  }
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) yield event;
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
