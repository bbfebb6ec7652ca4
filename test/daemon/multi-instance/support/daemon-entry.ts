/**
 * A real daemon process for the multi-instance tests: the same loadConfig + startDaemon as
 * `agentd start`, with the test capabilities (analysis.test-slow, analysis.test-empty) registered,
 * which the CLI does not load. Flags: --port, --queue-url, --workspace, --max-concurrent, and
 * --stop-on-write <folder> (the process stops itself at the first write in that folder: stop-on-write.ts).
 * SIGTERM shuts it down gracefully, as the CLI does.
 */
import { loadConfig } from '../../../../daemon/config/index.js';
import { createLogger } from '../../../../daemon/logging/index.js';
import { startDaemon } from '../../../../daemon/server.js';
import { TEST_CAPABILITY_FOLDERS } from '../../support/daemon-harness.js';
import { stopOnFirstWrite } from './stop-on-write.js';

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1];
}

const { config } = loadConfig({
  flags: { port: flag('port'), queueUrl: flag('queue-url'), workspace: flag('workspace'), maxConcurrent: flag('max-concurrent') },
  env: { LOG_FORMAT: 'json', LOG_LEVEL: 'info', AGENTD_WORKSPACE_DEFAULT: '.' },
  homeDir: flag('workspace'),
});
const logger = createLogger(config.logging);
const daemon = await startDaemon(config, { logger, capabilityFolders: TEST_CAPABILITY_FOLDERS });
const stopFolder = flag('stop-on-write');
if (stopFolder) stopOnFirstWrite(stopFolder);
logger.info(`agentd listening on ${daemon.url}`);
process.once('SIGTERM', () => {
  void daemon
    .close({ graceSec: 0 })
    .then(() => logger.close())
    .then(() => process.exit(0));
});
