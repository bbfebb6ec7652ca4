/**
 * Where the agent prompt's jobs run: the daemon at --api-url / AGENTD_API_URL when GET /health answers,
 * otherwise an embedded daemon started in this process (127.0.0.1, port 0, in-memory queue, the
 * project folder as its workspace), so both modes use the same REST flow. The embedded one is closed
 * on exit; its jobs are kept on disk (session-folder.ts, daemon/jobs/file-job-store.ts), so a later
 * run on the same folder can `--resume` them. A daemon the user named (`daemonRequired`) that does not answer is an error, never a silent
 * embedded run; `embedded` skips the daemon altogether.
 * The embedded daemon works on the user's own checkout, so it trusts it to run project code (tests,
 * ESLint config) unless --no-project-code; a remote daemon decides by its own trust settings, and
 * --no-project-code then asks it for no project code on every job.
 */
import { stat } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { defaultConfig } from '../../daemon/config/index.js';
import { createLogger, type Logger } from '../../daemon/logging/index.js';
import type { DaemonHandle } from '../../daemon/server.js';
import type { ApiTarget } from '../api-client.js';
import { AgentdError } from '../../core/errors/index.js';
import { checkHealth } from '../health-report.js';
import { sessionFolder } from './session-folder.js';

export interface Connection {
  target: ApiTarget;
  mode: 'daemon' | 'embedded';
  /** The line shown at the top of the prompt. */
  banner: string;
  /** Fields every job this connection submits carries (`allowProjectCode: false` with --no-project-code). */
  jobFields: { allowProjectCode?: boolean; workspace?: string };
  close(): Promise<void>;
}

const discard = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() });

export interface ConnectOptions {
  apiUrl: string;
  apiKey?: string;
  /** The project folder an embedded daemon works in (absolute). */
  workspace: string;
  /**
   * --workspace as given: with a daemon, every job's `workspace` (relative to the daemon's
   * workspace.path); absent, the daemon's workspace.default decides.
   */
  jobWorkspace?: string;
  /** Where a daemon URL was named (--api-url, AGENTD_API_URL): then it must answer. */
  daemonRequired?: string | null;
  /** --embedded: run the embedded engine without asking any daemon. */
  embedded?: boolean;
  /** Extra flat capability folders for the embedded daemon (tests pass their test capabilities). */
  capabilityFolders?: string[];
  /** false with --no-project-code; default true (the embedded daemon trusts the checkout). */
  projectCode?: boolean;
  /** The embedded daemon's security.sandboxServices / sandboxEnv (--sandbox-service, --sandbox-env). */
  sandbox?: { services: string[]; env: Record<string, string> };
  healthTimeoutMs?: number;
}

async function startEmbedded(options: ConnectOptions): Promise<{ daemon: DaemonHandle; logger: Logger }> {
  const info = await stat(options.workspace).catch(() => null);
  if (!info?.isDirectory())
    throw new AgentdError(
      'invalid_workspace',
      `the project folder "${options.workspace}" (--workspace) is not a folder; give the folder to work in.`,
    );
  const config = defaultConfig();
  config.server.port = 0;
  config.server.host = '127.0.0.1';
  config.queue.type = 'memory';
  config.workspace.path = options.workspace;
  // The embedded daemon exists for this one project folder: its jobs work on all of it.
  config.workspace.default = '.';
  config.security.trustedWorkspaces = options.projectCode === false ? [] : ['*'];
  config.security.sandboxServices = options.sandbox?.services ?? [];
  config.security.sandboxEnv = options.sandbox?.env ?? {};
  // Logs would scribble over the prompt: keep them in the ring buffer only.
  config.logging = { level: 'warn', format: 'json', file: null };
  const logger = createLogger(config.logging, { stdout: discard() });
  // Imported here so connecting to a daemon never loads express, the engine and its worker pool.
  const { startDaemon } = await import('../../daemon/server.js');
  const { createMemoryBackend } = await import('../../daemon/queue/backend.js');
  const { FileJobStore } = await import('../../daemon/jobs/file-job-store.js');
  const backend = { ...createMemoryBackend(), store: await FileJobStore.open(await sessionFolder(options.workspace)) };
  const daemon = await startDaemon(config, { logger, capabilityFolders: options.capabilityFolders ?? [], backend });
  return { daemon, logger };
}

export async function connect(options: ConnectOptions): Promise<Connection> {
  if (!options.embedded) {
    const remote: ApiTarget = { apiUrl: options.apiUrl, apiKey: options.apiKey };
    const health = await checkHealth(remote, options.healthTimeoutMs ?? 2000);
    if (health.reachable) {
      const jobFields = {
        ...(options.projectCode === false ? { allowProjectCode: false } : {}),
        ...(options.jobWorkspace === undefined ? {} : { workspace: options.jobWorkspace }),
      };
      const where = options.jobWorkspace === undefined ? '' : `; workspace "${options.jobWorkspace}"`;
      return {
        target: remote,
        mode: 'daemon',
        banner: `connected to daemon at ${options.apiUrl} (agentd ${health.version ?? 'unknown'})${where}`,
        jobFields,
        close: async () => undefined,
      };
    }
    if (options.daemonRequired) {
      throw new AgentdError(
        'unavailable',
        `no agentd daemon answers at ${options.apiUrl} (given by ${options.daemonRequired}): ${health.error ?? 'no health record'}. Start one with "agentd start", fix the URL, or run without ${options.daemonRequired} (or with --embedded) to use an embedded engine.`,
      );
    }
  }
  const { daemon, logger } = await startEmbedded(options);
  let closed = false;
  const why = options.embedded ? '--embedded' : `no daemon at ${options.apiUrl}`;
  return {
    target: { apiUrl: daemon.url },
    mode: 'embedded',
    banner: `embedded engine (${why}); working in ${options.workspace}${options.projectCode === false ? ' (no project code)' : ''}`,
    jobFields: {},
    async close() {
      if (closed) return;
      closed = true;
      await daemon.close({ graceSec: 0 });
      await logger.close();
    },
  };
}
