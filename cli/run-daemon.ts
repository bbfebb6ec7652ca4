import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type AgentdConfig, type LoadConfigOptions } from '../daemon/config/index.js';
import { DASHBOARD_DIR } from '../daemon/http/dashboard-dir.js';
import { createLogger, type Logger } from '../daemon/logging/index.js';
import type { DaemonHandle } from '../daemon/server.js';

/**
 * Loads the configuration, starts the daemon, and keeps it up until SIGTERM/SIGINT, then shuts down
 * gracefully (running jobs get server.shutdownGraceSec) and resolves 0. A second signal exits at once.
 * Start-up failures (invalid configuration, a taken port) propagate as AgentdErrors for main to print.
 */
export async function runDaemon(options: LoadConfigOptions): Promise<number> {
  const { config, files } = loadConfig(options);
  const logger = createLogger(config.logging);
  let handle: DaemonHandle;
  try {
    // Imported here so status/logs/--dry-run never load express, the engine and its worker pool.
    const { startDaemon } = await import('../daemon/server.js');
    handle = await startDaemon(config, { logger, secretFiles: files });
  } catch (error) {
    await logger.close();
    throw error;
  }
  logger.info(`agentd listening on ${handle.url}`, { host: handle.host, port: handle.port });
  // The web dashboard (docs/dashboard.md), when this installation has it built.
  if (existsSync(path.join(DASHBOARD_DIR, 'index.html'))) logger.info(`dashboard at ${handle.url}/ui/`);
  const signal = await nextSignal(logger);
  return shutDown(handle, config, logger, signal);
}

function nextSignal(logger: Logger): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.once('SIGINT', () => forceExit(logger));
      process.once('SIGTERM', () => forceExit(logger));
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

async function shutDown(handle: DaemonHandle, config: AgentdConfig, logger: Logger, signal: NodeJS.Signals): Promise<number> {
  const graceSec = config.server.shutdownGraceSec;
  logger.info(`received ${signal}, shutting down (running jobs get up to ${graceSec} s)`, { signal, graceSec });
  let code = 0;
  try {
    await handle.close({ graceSec });
    logger.info('agentd stopped');
  } catch (error) {
    logger.error('shutdown failed', { error });
    code = 1;
  }
  await logger.close();
  return code;
}

function forceExit(logger: Logger): void {
  logger.warn('second signal received, exiting without waiting for running jobs');
  process.exit(1);
}
