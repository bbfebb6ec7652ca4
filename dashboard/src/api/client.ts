/** The REST client: the credential on every request, JSON errors as ApiError, pages from `Link`. */
import { forgetCredential, readCredential } from './credential.js';
import type { ApiErrorBody } from './types.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
    readonly retryAfterSec: number | null = null,
  ) {
    super(message);
  }
}

/** Called when the daemon answers 401: the page goes back to the sign-in form. */
let onUnauthorized: () => void = () => {};
export function whenUnauthorized(listener: () => void): void {
  onUnauthorized = listener;
}

export function authHeaders(credential = readCredential()): Record<string, string> {
  return credential ? { Authorization: `Bearer ${credential}` } : {};
}

async function failure(response: Response): Promise<ApiError> {
  let body: ApiErrorBody | null = null;
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    /* not JSON */
  }
  const error = body?.error;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(
    response.status,
    error?.code ?? 'http_error',
    error?.message ?? `The daemon answered ${response.status}.`,
    error?.details ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export async function request(method: string, path: string, body?: unknown, credential?: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeaders(credential === undefined ? readCredential() : credential),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  if (response.ok) return response;
  const error = await failure(response);
  if (response.status === 401 && credential === undefined) {
    forgetCredential();
    onUnauthorized();
  }
  throw error;
}

export async function getJson<T>(path: string): Promise<T> {
  return (await (await request('GET', path)).json()) as T;
}

export async function sendJson<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return (await (await request(method, path, body)).json()) as T;
}

export interface Page<T> {
  items: T[];
  total: number | null;
  /** The `rel="next"` address, or null on the last page. */
  next: string | null;
}

export function nextOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return match[1]!;
  }
  return null;
}

export async function getPage<T>(path: string): Promise<Page<T>> {
  const response = await request('GET', path);
  const total = response.headers.get('X-Total-Count');
  return {
    items: (await response.json()) as T[],
    total: total === null ? null : Number(total),
    next: nextOf(response.headers.get('Link')),
  };
}
