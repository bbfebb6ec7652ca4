/** The REST calls of the agent prompt (API.md): submit a task, read, list, cancel, follow up. */
import { apiHeaders, apiUrl, getJson, httpError, unreachable, type ApiTarget } from '../api-client.js';
import type { TaskJob } from './task-job.js';

export type FollowUp = { message: string } | { action: 'approve' | 'reject' };

async function send<T>(target: ApiTarget, method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const url = apiUrl(target, path);
  const headers = apiHeaders(target);
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw unreachable(url, error, 30_000);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text for the error message
  }
  if (!response.ok) throw httpError(url, response.status, parsed);
  return parsed as T;
}

export class TaskApi {
  /** `jobFields`: added to every submitted job (e.g. `allowProjectCode: false`). */
  constructor(
    readonly target: ApiTarget,
    private readonly jobFields: Record<string, unknown> = {},
  ) {}

  submit(task: string, mode: 'approval' | 'auto'): Promise<TaskJob> {
    return send<TaskJob>(this.target, 'POST', 'jobs', { task, mode, ...this.jobFields });
  }

  async get(id: string): Promise<TaskJob> {
    const path = `jobs/${encodeURIComponent(id)}`;
    const response = await getJson<TaskJob>(this.target, path);
    if (!response.ok) throw httpError(apiUrl(this.target, path), response.status, response.body);
    return response.body;
  }

  async list(limit = 20): Promise<TaskJob[]> {
    const response = await getJson<TaskJob[]>(this.target, 'jobs', { query: { limit } });
    if (!response.ok) throw httpError(apiUrl(this.target, 'jobs'), response.status, response.body);
    return response.body;
  }

  cancel(id: string): Promise<TaskJob> {
    return send<TaskJob>(this.target, 'DELETE', `jobs/${encodeURIComponent(id)}`);
  }

  followUp(id: string, body: FollowUp): Promise<TaskJob> {
    return send<TaskJob>(this.target, 'POST', `jobs/${encodeURIComponent(id)}/followup`, body);
  }
}
