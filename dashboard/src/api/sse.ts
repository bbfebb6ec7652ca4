/**
 * Server-Sent Events read with fetch, because EventSource cannot send the Authorization header (and
 * putting a credential in a URL would leak it into logs). Parses `event:`/`data:` blocks as the
 * standard does; a stream that breaks is reopened after a pause unless it ended normally or was closed.
 */
import { authHeaders } from './client.js';

export interface SseOptions {
  onEvent(type: string, data: unknown): void;
  /** Called when the stream is (re)open, so the page can re-read what it may have missed. */
  onOpen?(): void;
  /** Called when the server ended the stream (a job's stream ends after `done`). */
  onEnd?(): void;
  onError?(error: unknown): void;
  /** Reopen a broken stream (default true). */
  reconnect?: boolean;
  /** Reopen a stream the server ended too (GET /events ends only when the daemon stops). */
  reconnectOnEnd?: boolean;
}

export interface SseHandle {
  close(): void;
}

function dispatch(block: string, options: SseOptions): void {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return;
  try {
    options.onEvent(type, JSON.parse(data.join('\n')));
  } catch (error) {
    options.onError?.(error);
  }
}

export function openEvents(path: string, options: SseOptions): SseHandle {
  const controller = new AbortController();
  let closed = false;
  const run = async (): Promise<void> => {
    const response = await fetch(path, {
      headers: { Accept: 'text/event-stream', ...authHeaders() },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) throw new Error(`The event stream ${path} answered ${response.status}.`);
    options.onOpen?.();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        dispatch(buffer.slice(0, end), options);
        buffer = buffer.slice(end + 2);
      }
    }
    options.onEnd?.();
  };
  const loop = async (): Promise<void> => {
    let pause = 1000;
    while (!closed) {
      try {
        await run();
        if (!options.reconnectOnEnd || closed) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
      } catch (error) {
        if (closed) return;
        options.onError?.(error);
        if (options.reconnect === false) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
        pause = Math.min(pause * 2, 15_000);
      }
    }
  };
  void loop();
  return {
    close() {
      closed = true;
      controller.abort();
    },
  };
}
