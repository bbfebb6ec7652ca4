/**
 * The ioredis connections a Redis backend opens. Two kinds:
 * - command connections fail fast while Redis is unreachable (no offline queue, a command timeout),
 *   so /health, POST /jobs and GET /jobs answer 503 at once instead of hanging;
 * - waiting connections (BullMQ's worker, the pub/sub subscriber) queue their commands and resume
 *   after a reconnect, because losing their place would drop work.
 * Both reconnect with capped exponential backoff. Every client gets an `error` listener: an unhandled
 * `error` event would crash the daemon.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { AgentdError, isAgentdError } from '../../../core/index.js';

export interface RedisEndpoint {
  host: string;
  port: number;
  username?: string | null;
  password: string | null;
  db: number;
  tls?: boolean;
}

/** 100 ms, 200 ms, 400 ms ... capped at 2 s: a restarted Redis is found again within ~2 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(100 * 2 ** Math.min(attempt - 1, 5), 2000);
}

export const COMMAND_TIMEOUT_MS = 2000;

export function baseOptions(endpoint: RedisEndpoint): RedisOptions {
  return {
    host: endpoint.host,
    port: endpoint.port,
    username: endpoint.username ?? undefined,
    password: endpoint.password ?? undefined,
    db: endpoint.db,
    tls: endpoint.tls ? {} : undefined,
    retryStrategy: reconnectDelay,
  };
}

export function commandOptions(endpoint: RedisEndpoint): RedisOptions {
  return { ...baseOptions(endpoint), enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS };
}

export function waitingOptions(endpoint: RedisEndpoint): RedisOptions {
  return { ...baseOptions(endpoint), maxRetriesPerRequest: null };
}

export function describeEndpoint(endpoint: RedisEndpoint): string {
  return `redis://${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${endpoint.port}/${endpoint.db}`;
}

/** Opens a client and waits until it answers; a Redis that does not answer in time is `unavailable`. */
export async function openClient(options: RedisOptions, endpoint: RedisEndpoint, onError: (error: Error) => void): Promise<Redis> {
  const client = new Redis({ ...options, lazyConnect: true });
  // connect() rejects with a generic "Connection is closed."; the error event carries the cause
  // (WRONGPASS, ECONNREFUSED, ...), which is what the user needs to read.
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    onError(error);
  });
  try {
    await withDeadline(client.connect(), 5000);
  } catch (error) {
    client.disconnect();
    const reason = lastError?.message ?? (error as Error).message;
    throw new AgentdError(
      'unavailable',
      `Redis at "${describeEndpoint(endpoint)}" did not answer (${reason}); start it or fix --queue-url / queue.external.`,
      { cause: error },
    );
  }
  return client;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Runs a Redis operation; a connection failure becomes AgentdError("unavailable") (HTTP 503), while our
 * own AgentdErrors (record_tampered, not found, ...) pass through untouched.
 */
export async function guarded<T>(endpoint: RedisEndpoint, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isAgentdError(error)) throw error;
    throw new AgentdError(
      'unavailable',
      `Redis at "${describeEndpoint(endpoint)}" is unreachable (${(error as Error).message}); retry when GET /health is healthy.`,
      { cause: error },
    );
  }
}

/** Settles after `ms` at the latest: used where waiting on a down Redis must not hold a job slot. */
export function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return withDeadline(promise, ms).then(
    () => undefined,
    () => undefined,
  );
}
