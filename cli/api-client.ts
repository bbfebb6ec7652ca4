import { AgentdError, ERROR_CATALOGUE, type ErrorCode } from '../core/errors/index.js';

/** What every command that talks to a running daemon needs. */
export interface ApiTarget {
  apiUrl: string;
  /** Sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
}

export interface ApiResponse<T> {
  status: number;
  ok: boolean;
  body: T;
  elapsedMs: number;
}

export function apiHeaders(target: ApiTarget, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
  return headers;
}

export function apiUrl(target: ApiTarget, path: string, query: Record<string, string | number | undefined> = {}): URL {
  const url = new URL(path, target.apiUrl.endsWith('/') ? target.apiUrl : `${target.apiUrl}/`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  return url;
}

/**
 * GET a JSON resource. Network failures become AgentdError("unavailable") with a message that says
 * whether nothing listens there, the name does not resolve, or the daemon did not answer in time.
 */
export async function getJson<T>(
  target: ApiTarget,
  path: string,
  options: { query?: Record<string, string | number | undefined>; timeoutMs?: number } = {},
): Promise<ApiResponse<T>> {
  const url = apiUrl(target, path, options.query);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(url, { headers: apiHeaders(target), signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
  } catch (error) {
    throw unreachable(url, error, options.timeoutMs ?? 5000);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page, say): keep the text for the message.
  }
  return { status: response.status, ok: response.ok, body: body as T, elapsedMs: Math.round(performance.now() - started) };
}

/** Turns an error body `{"error":{code,message}}` (or anything else) into an AgentdError for display. */
export function httpError(url: URL, status: number, body: unknown): AgentdError {
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  const code: ErrorCode = error?.code && error.code in ERROR_CATALOGUE ? (error.code as ErrorCode) : 'internal_error';
  const message =
    error?.message ?? `GET "${url.pathname}" answered HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}.`;
  // The daemon's 401 speaks HTTP headers; a CLI user needs the flag that sends them.
  const hint = status === 401 ? " Pass the daemon's API key with --api-key or AGENTD_API_KEY." : '';
  return new AgentdError(code, message + hint);
}

export type Unreachable = 'not_running' | 'timeout' | 'unreachable';

/** Why a request got no answer: nothing listening (refused), no answer in time, or another network failure. */
export function classifyNetworkError(error: unknown): Unreachable {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === 'ECONNREFUSED' ? 'not_running' : 'unreachable';
}

export function unreachable(url: URL, error: unknown, timeoutMs: number): AgentdError {
  const kind = classifyNetworkError(error);
  const origin = url.origin;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason =
    kind === 'not_running'
      ? `nothing is listening at ${origin}; start it with "agentd start" or pass --api-url`
      : kind === 'timeout'
        ? `the daemon at ${origin} did not answer within ${timeoutMs / 1000} s`
        : `${origin} cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message}); check --api-url`;
  return new AgentdError('unavailable', `The agentd daemon is not reachable: ${reason}.`, { cause: error });
}
