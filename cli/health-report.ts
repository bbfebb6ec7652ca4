import type { AgentdError } from '../core/errors/index.js';
import { classifyNetworkError, getJson, type ApiTarget } from './api-client.js';
import { formatDuration } from './format-duration.js';

/** The health record of GET /health (API.md). */
export interface HealthRecord {
  status: string;
  uptime: number;
  timestamp: string;
  version: string;
  jobs: { queued: number; running: number; total: number };
  reason?: string;
}

/** What `agentd status` found, and what `--json` prints. */
export interface HealthReport {
  apiUrl: string;
  /** Something answered at the address (false when the connection was refused). null: cannot tell (timeout). */
  running: boolean | null;
  /** GET /health answered with a health record. */
  reachable: boolean;
  healthy: boolean;
  status: string | null;
  version: string | null;
  uptimeSeconds: number | null;
  uptime: string | null;
  /** The daemon's timestamp of the health check that answered. */
  lastHealthCheck: string | null;
  jobs: HealthRecord['jobs'] | null;
  responseTimeMs: number | null;
  error: string | null;
}

function isHealthRecord(body: unknown): body is HealthRecord {
  const record = body as Partial<HealthRecord> | null;
  return typeof record === 'object' && record !== null && typeof record.status === 'string';
}

/** Asks GET /health and never throws: every outcome is a report. */
export async function checkHealth(target: ApiTarget, timeoutMs = 5000): Promise<HealthReport> {
  const report: HealthReport = {
    apiUrl: target.apiUrl,
    running: null,
    reachable: false,
    healthy: false,
    status: null,
    version: null,
    uptimeSeconds: null,
    uptime: null,
    lastHealthCheck: null,
    jobs: null,
    responseTimeMs: null,
    error: null,
  };
  try {
    const response = await getJson<unknown>(target, 'health', { timeoutMs });
    report.running = true;
    report.responseTimeMs = response.elapsedMs;
    if (!isHealthRecord(response.body)) {
      report.error = `GET /health answered HTTP ${response.status} without a health record; is ${target.apiUrl} an agentd daemon?`;
      return report;
    }
    const health = response.body;
    Object.assign(report, {
      reachable: true,
      healthy: response.ok && health.status === 'healthy',
      status: health.status,
      version: health.version ?? null,
      uptimeSeconds: health.uptime ?? null,
      uptime: typeof health.uptime === 'number' ? formatDuration(health.uptime) : null,
      lastHealthCheck: health.timestamp ?? null,
      jobs: health.jobs ?? null,
    });
    if (!report.healthy) report.error = health.reason ?? `the daemon reports "${health.status}" (HTTP ${response.status})`;
  } catch (error) {
    const cause = (error as AgentdError).cause ?? error;
    report.running = classifyNetworkError(cause) === 'not_running' ? false : null;
    report.error = (error as Error).message;
  }
  return report;
}

/** The human form of a report, one fact per line. */
export function formatReport(report: HealthReport): string {
  const yesNo = (value: boolean | null, yes: string, no: string): string => (value === null ? 'unknown' : value ? yes : no);
  const lines = [
    `agentd at ${report.apiUrl}`,
    `  Daemon:      ${yesNo(report.running, 'running', 'not running')}`,
    `  API:         ${report.reachable ? `reachable (GET /health in ${report.responseTimeMs} ms)` : 'unreachable'}`,
  ];
  if (report.reachable) {
    const jobs = report.jobs;
    lines.push(
      `  Health:      ${report.status}`,
      `  Version:     ${report.version ?? 'unknown'}`,
      `  Uptime:      ${report.uptime ?? 'unknown'}`,
      `  Last check:  ${report.lastHealthCheck ?? 'unknown'}`,
      `  Jobs:        ${jobs ? `${jobs.queued} queued, ${jobs.running} running, ${jobs.total} total` : 'unknown'}`,
    );
  }
  if (report.error) lines.push(`  Problem:     ${report.error}`);
  return lines.join('\n');
}
