/** A small HTTP client over global fetch, as a real client of the REST API would use it. */
import type { JobRecord, JobStatus } from '../../../daemon/jobs/job-record.js';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function request<T = any>(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as string) : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + route, init);
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, body: type.includes('json') && text ? JSON.parse(text) : text };
}

export const post = <T = any>(base: string, route: string, body?: unknown, headers?: Record<string, string>) =>
  request<T>(base, 'POST', route, body, headers);
export const get = <T = any>(base: string, route: string) => request<T>(base, 'GET', route);
export const del = <T = any>(base: string, route: string) => request<T>(base, 'DELETE', route);

/** Polls GET /jobs/:id until its status is one of `statuses`. */
export async function waitForStatus(base: string, id: string, statuses: JobStatus[], timeoutMs = 20000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await get<JobRecord>(base, `/jobs/${id}`);
    if (statuses.includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} is still ${body.status} after ${timeoutMs} ms (wanted ${statuses.join('|')})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface SseEvent {
  event: string;
  data: any;
}

/**
 * Reads a Server-Sent Events stream until the server ends it (or `stopWhen` says so), returning every
 * event. `onOpen` runs once the response headers arrived, i.e. the server has subscribed.
 */
export async function readSse(
  base: string,
  route: string,
  stopWhen?: (event: SseEvent) => boolean,
  options: { timeoutMs?: number; onOpen?: () => void } = {},
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 20000);
  const response = await fetch(base + route, { signal: controller.signal });
  options.onOpen?.();
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event = parseBlock(block);
        if (!event) continue;
        events.push(event);
        if (stopWhen?.(event)) return events;
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length === 0 ? null : { event, data: JSON.parse(data.join('\n')) };
}
