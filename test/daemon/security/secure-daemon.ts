/**
 * Starts a real daemon for the security and hostile-input tests: like the shared harness (port 0,
 * loopback, a temporary workspace, the test capabilities), but every log line is also kept as text so
 * a test can search it for leaked secrets and stack traces.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { defaultConfig } from '../../../daemon/config/index.js';
import type { AgentdConfig } from '../../../daemon/config/types.js';
import { createLogger } from '../../../daemon/logging/index.js';
import { startDaemon, type DaemonDeps, type DaemonHandle } from '../../../daemon/server.js';
import { TEST_CAPABILITY_FOLDERS } from '../support/daemon-harness.js';

export interface SecureDaemon {
  daemon: DaemonHandle;
  url: string;
  workspace: string;
  /** Everything the daemon logged so far, as written (JSON lines). */
  output(): string;
  close(): Promise<void>;
}

export const API_KEY = 'ak_test_0123456789abcdefghij';
export const JWT_SECRET = 'jwt-secret-for-tests-0123456789abcdef';
export const WEBHOOK_SECRET = 'whsec-tests-0123456789';
export const ENCRYPTION_KEY = 'enc-key-tests-0123456789abcdefghijkl';

export const randomPrefix = (): string => `agentd-test:${randomBytes(6).toString('hex')}:`;

export async function startSecureDaemon(
  configure: (config: AgentdConfig) => void = () => {},
  deps: DaemonDeps = {},
): Promise<SecureDaemon> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'agentd-security-'));
  const config = defaultConfig();
  config.server.port = 0;
  config.server.host = '127.0.0.1';
  config.workspace.path = workspace;
  config.workspace.default = '.'; // jobs that name no workspace run at the root of this temp folder
  config.logging = { level: 'debug', format: 'json', file: null };
  configure(config);
  const lines: string[] = [];
  const stdout = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger(config.logging, { stdout });
  let daemon: DaemonHandle;
  try {
    daemon = await startDaemon(config, { logger, capabilityFolders: TEST_CAPABILITY_FOLDERS, ...deps });
  } catch (error) {
    await logger.close();
    await rm(workspace, { recursive: true, force: true });
    throw error;
  }
  let closed = false;
  return {
    daemon,
    url: daemon.url,
    workspace,
    output: () => lines.join(''),
    async close() {
      if (closed) return;
      closed = true;
      await daemon.close({ graceSec: 0 });
      await logger.close();
      await rm(workspace, { recursive: true, force: true });
    },
  };
}
