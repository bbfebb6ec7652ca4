import type { Writable } from 'node:stream';
import { formatPretty, type Level, type LogRecord } from '../daemon/logging/index.js';
import { apiUrl, getJson, httpError, type ApiTarget } from './api-client.js';
import { streamEvents } from './sse-client.js';

export interface LogQuery {
  level?: Level;
  grep?: string;
  limit?: number;
  json?: boolean;
}

function isRecord(value: unknown): value is LogRecord {
  return typeof value === 'object' && value !== null && typeof (value as LogRecord).msg === 'string';
}

function show(out: Writable, record: LogRecord, json: boolean | undefined): void {
  out.write(`${json ? JSON.stringify(record) : formatPretty(record)}\n`);
}

/** Prints the daemon's recent records (GET /logs), oldest first. Returns how many were shown. */
export async function printRecentLogs(target: ApiTarget, query: LogQuery, out: Writable): Promise<number> {
  const params = { level: query.level, q: query.grep, limit: query.limit };
  const response = await getJson<unknown>(target, 'logs', { query: params });
  if (!response.ok) throw httpError(apiUrl(target, 'logs', params), response.status, response.body);
  const records = Array.isArray(response.body) ? response.body.filter(isRecord) : [];
  for (const record of records) show(out, record, query.json);
  return records.length;
}

/**
 * Streams live records (GET /logs/stream) until `signal` aborts (Ctrl-C), returning true then, or
 * false when the daemon ended the stream (it stopped).
 */
export async function streamLogs(target: ApiTarget, query: LogQuery, out: Writable, signal: AbortSignal): Promise<boolean> {
  const url = apiUrl(target, 'logs/stream', { level: query.level, q: query.grep });
  for await (const { data } of streamEvents(target, url, { signal })) {
    let record: unknown;
    try {
      record = JSON.parse(data);
    } catch {
      continue;
    }
    if (isRecord(record)) show(out, record, query.json);
  }
  return signal.aborted;
}
