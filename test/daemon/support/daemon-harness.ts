/**
 * Starts a real daemon for a test: port 0 on loopback, a temporary workspace folder, the engine's test
 * capabilities and the daemon's own registered, and a logger that keeps its last records in memory only.
 */
import { mkdtemp, rm, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../../../daemon/config/index.js';
import type { AgentdConfig } from '../../../daemon/config/types.js';
import { createLogger } from '../../../daemon/logging/index.js';
import type { Logger } from '../../../daemon/logging/types.js';
import type { QueueBackend } from '../../../daemon/queue/backend.js';
import { startDaemon, type DaemonHandle } from '../../../daemon/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist/test/daemon/support -> dist/test/support/capabilities and this folder's capabilities. */
export const TEST_CAPABILITY_FOLDERS = [path.resolve(here, '../../support/capabilities'), path.resolve(here, 'capabilities')];
/** The source fixtures (never compiled): <repo>/fixtures. */
export const FIXTURES = path.resolve(here, '../../../../fixtures');

export interface TestDaemon {
  daemon: DaemonHandle;
  url: string;
  workspace: string;
  logger: Logger;
  /** The last ~64 KB of the daemon's log (JSON lines, debug level): what a failing test prints. */
  logTail(): string;
  close(graceSec?: number): Promise<void>;
}

export interface TestDaemonOptions {
  configure?: (config: AgentdConfig) => void;
  backend?: QueueBackend;
  /** A folder under fixtures/ to copy into the workspace as `project/`. */
  fixture?: string;
}

const LOG_TAIL_CHARS = 64 * 1024;

/** A log sink that keeps only its last LOG_TAIL_CHARS characters. */
function tailSink(): { stream: Writable; tail(): string } {
  let kept = '';
  const stream = new Writable({
    write: (chunk: Buffer | string, _encoding, done) => {
      kept = (kept + String(chunk)).slice(-LOG_TAIL_CHARS);
      done();
    },
  });
  return { stream, tail: () => kept };
}

export async function startTestDaemon(options: TestDaemonOptions = {}): Promise<TestDaemon> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'agentd-daemon-'));
  if (options.fixture) await cp(path.join(FIXTURES, options.fixture), path.join(workspace, 'project'), { recursive: true });
  const config = defaultConfig();
  config.server.port = 0;
  config.server.host = '127.0.0.1';
  config.workspace.path = workspace;
  // Tests post jobs at the root of their temp workspace without naming it: configured, never by accident.
  config.workspace.default = '.';
  config.logging = { level: 'debug', format: 'json', file: null };
  options.configure?.(config);
  const sink = tailSink();
  const logger = createLogger(config.logging, { stdout: sink.stream });
  const daemon = await startDaemon(config, { logger, backend: options.backend, capabilityFolders: TEST_CAPABILITY_FOLDERS });
  let closed = false;
  return {
    daemon,
    url: daemon.url,
    workspace,
    logger,
    logTail: sink.tail,
    async close(graceSec = 0) {
      if (closed) return;
      closed = true;
      await daemon.close({ graceSec });
      await logger.close();
      await rm(workspace, { recursive: true, force: true });
    },
  };
}
