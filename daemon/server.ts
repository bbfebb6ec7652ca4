/**
 * startDaemon: wires the registry, engine, queue backend, scheduler, metrics and the express app, and
 * listens. close() is the graceful shutdown the CLI calls on SIGTERM/SIGINT: refuse new jobs (503),
 * let running ones finish within the grace period, cancel the rest with `shutdown`, then stop.
 */
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { AgentdError, type Engine } from '../core/index.js';
import { createEngine } from '../core/engine/index.js';
import { DEFAULT_MAX_THREADS } from '../core/executor/index.js';
import { defaultRoots, loadRegistry, type CapabilityRegistry } from '../core/registry/index.js';
import { registerPlugins, type PluginReport } from '../plugins/manifest/index.js';
import type { AgentdConfig } from './config/types.js';
import { createLogger, redactingLogger, SecretRedactor } from './logging/index.js';
import { daemonSecrets } from './security/daemon-secrets.js';
import { availableIsolation } from '../core/sandbox/index.js';
import type { Logger } from './logging/types.js';
import { JobEventBus } from './events/event-bus.js';
import { logJobEvents } from './events/job-event-log.js';
import { createDaemonMetrics } from './metrics/daemon-metrics.js';
import { MemoryRoster, startHeartbeat } from './queue/instance-roster.js';
import { MemoryThroughput } from './metrics/throughput-history.js';
import { createQueueBackend, type QueueBackend } from './queue/backend.js';
import type { Queue } from './queue/queue.js';
import type { JobStore } from './jobs/job-store.js';
import { JobRunner } from './jobs/job-runner.js';
import { JobService } from './jobs/job-service.js';
import { ensureWorkspaceBase } from './jobs/job-workspace.js';
import { Scheduler } from './jobs/scheduler.js';
import { createApp } from './http/app.js';
import { answerClientErrors, MAX_HEADER_BYTES } from './http/client-errors.js';
import { withAgentSteps } from './agent/agent-steps.js';
import { PlanOnly } from './agent/plan-only.js';
import { daemonVersion } from './version.js';
import { checkBindPolicy } from './security/bind-policy.js';
import { createSecurity, recordCodecFor } from './security/security-setup.js';
import type { WebhookEventBus } from './events/webhook-events.js';
import { recoverOrphanedJournals } from './jobs/job-apply.js';
import { createGithubApp, type GithubApp } from './github/github-app.js';

export interface DaemonDeps {
  logger?: Logger;
  registry?: CapabilityRegistry;
  engine?: Engine;
  /** Extra roots of `<group>/*.js` capability modules, on top of the first-party ones. */
  capabilityRoots?: string[];
  /** Extra flat folders whose every `.js` file is a capability (e.g. dist/test/support/capabilities). */
  capabilityFolders?: string[];
  /** Extra single capability modules. */
  capabilityModules?: string[];
  /** A queue backend to use instead of the configured one (the daemon closes it on close()). */
  backend?: QueueBackend;
  /** Configuration files the daemon was started from: hidden from project code with its other secret files. */
  secretFiles?: string[];
  /** Namespace of the security keys in Redis (rate-limit counters, webhook delivery ids); tests pass a random one. */
  securityRedisPrefix?: string;
}

export interface DaemonHandle {
  url: string;
  port: number;
  host: string;
  queue: Queue;
  store: JobStore;
  app: Express;
  bus: JobEventBus;
  scheduler: Scheduler;
  /** Verified GitHub webhook deliveries (POST /webhooks/github), for the GitHub App integration. */
  webhooks: WebhookEventBus;
  /** The GitHub App (daemon/github) when github.appId, the private key and the webhook secret are set. */
  github: GithubApp | null;
  /** Open client connections (the hostile-input tests check that floods and slow clients are cleaned up). */
  connectionCount(): Promise<number>;
  close(options?: { graceSec?: number }): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new AgentdError(
            'port_in_use',
            `Port ${port} on ${host} is already in use; choose another with --port or stop the other process.`,
            { cause: error },
          ),
        );
      } else {
        reject(
          new AgentdError('invalid_config', `Cannot listen on ${host}:${port} (${error.message}); check server.host and server.port.`, {
            cause: error,
          }),
        );
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as { port: number }).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

async function openEngine(deps: DaemonDeps, registry: CapabilityRegistry, config: AgentdConfig): Promise<Engine> {
  if (deps.engine) return deps.engine;
  // The engine also knows the agent's internal planning step; the registry (and /capabilities) does not.
  // A step waiting for a thread already counts as running (its time limit ticks), so every job the
  // daemon runs at once gets a thread, and the pool for the configured memory limit starts warm.
  const poolOptions = { maxThreads: Math.max(DEFAULT_MAX_THREADS, config.server.maxConcurrent), warmMemoryMB: [config.limits.maxMemoryMB] };
  // Project code runs as the daemon's OS user: the files holding its secrets are covered in the sandbox.
  const hiddenPaths = [...(deps.secretFiles ?? []), config.github.privateKeyPath, config.logging.file].filter((file): file is string =>
    Boolean(file),
  );
  const { sandboxServices: services, sandboxEnv: env } = config.security;
  const engine = createEngine({ registry: withAgentSteps(registry), poolOptions, executorOptions: { hiddenPaths, services, env } });
  await (engine as { start?: () => Promise<void> }).start?.();
  return engine;
}

/** Says at start-up how project code will be kept from the machine here (docs/security.md, "Elsewhere"). */
async function reportIsolation(logger: Logger, config: AgentdConfig): Promise<void> {
  const isolation = await availableIsolation();
  if (isolation === 'namespaces') return;
  const trusted = config.security.trustedWorkspaces;
  const level =
    isolation === 'network' ? 'only a network namespace (its own /proc cannot be mounted here)' : 'no namespaces (no network isolation)';
  logger.warn(
    `project code runs with ${level}: it can see the daemon as the same OS user; trust only workspaces whose code you would run yourself (docs/security.md)`,
    { isolation, trustedWorkspaces: trusted },
  );
}

/** The daemon's parts, built and connected but not yet listening or claiming. */
interface Parts {
  logger: Logger;
  registry: CapabilityRegistry;
  queue: Queue;
  store: JobStore;
  bus: JobEventBus;
  service: JobService;
  scheduler: Scheduler;
  app: Express;
  instance: string;
  webhooks: WebhookEventBus;
  github: GithubApp | null;
  /** Closes what the daemon opened itself (not what the caller passed in `deps`). */
  release(): Promise<void>;
}

/** One line per plugin: what was registered, or why it was skipped (the daemon starts either way). */
function logPlugins(logger: Parts['logger'], report: PluginReport): void {
  for (const { plugin, registered } of report.loaded) {
    logger.info(`plugin ${plugin.name}@${plugin.version} loaded`, {
      source: plugin.source,
      capabilities: registered.map((r) => r.meta.id),
    });
  }
  for (const { source, error } of report.broken) logger.error(`plugin skipped: ${error.message}`, { source, code: error.code });
}

async function assemble(config: AgentdConfig, deps: DaemonDeps): Promise<Parts> {
  // These throw invalid_config before anything (the logger's file included) is opened.
  const bindWarning = checkBindPolicy(config);
  const codec = recordCodecFor(config);
  await ensureWorkspaceBase(config.workspace.path);
  // The last line of defence: the daemon's own secrets leave it in no log line, record, event or answer.
  const redactor = new SecretRedactor(daemonSecrets(config));
  const logger = redactingLogger(deps.logger ?? createLogger(config.logging), redactor);
  if (bindWarning) logger.warn(bindWarning, { host: config.server.host });
  await reportIsolation(logger, config);
  const security = await createSecurity(config, logger, { redisPrefix: deps.securityRedisPrefix, codec });
  const registry =
    deps.registry ??
    (await loadRegistry({
      roots: [...defaultRoots(), ...(deps.capabilityRoots ?? [])],
      flat: deps.capabilityFolders ?? [],
      modules: deps.capabilityModules ?? [],
    }));
  // Plugins are data here (their manifests); their code runs only in isolates in the executor.
  if (config.plugins.length > 0) logPlugins(logger, await registerPlugins(registry, config.plugins, process.cwd()));
  const backend = deps.backend ?? (await createQueueBackend(config, { codec: security.codec, logger }));
  const { queue, store } = backend;
  const engine = await openEngine(deps, registry, config);
  const startedAt = Date.now();
  const bus = new JobEventBus();
  const detachEvents = backend.attachEvents?.(bus); // events of jobs that other daemons on the same Redis run
  const detachEventLog = logJobEvents(bus, logger);
  // This daemon's finished jobs (local events only), into the history the daemons of the queue share.
  const throughput = backend.throughput ?? new MemoryThroughput();
  const detachThroughput = bus.subscribeAll((event) => {
    if (event.type !== 'done') return;
    throughput.record(event.status, new Date(event.at)).catch((error: Error) => {
      logger.warn('a finished job could not be counted in the throughput history', { jobId: event.jobId, error: error.message });
    });
  });
  const metrics = createDaemonMetrics({ bus, queueCounts: () => queue.counts(), startedAt });
  const { workspace, server } = config;
  const service = new JobService({
    store,
    queue,
    bus,
    registry,
    workspaceBase: workspace.path,
    limits: config.limits,
    workspaceMaxBytes: workspace.maxSizeBytes,
    workspaceMaxSize: workspace.maxSize,
    trustedWorkspaces: config.security.trustedWorkspaces,
    defaultWorkspace: workspace.default,
  });
  // Before any job runs: applies that a killed daemon of this host left half-done are finished or rolled back.
  await recoverOrphanedJournals(workspace.path, logger);
  const runner = new JobRunner({
    store,
    queue,
    bus,
    engine,
    logger,
    redactor,
    workspaceBase: workspace.path,
    cleanup: workspace.cleanup,
    codec: security.codec,
    catalogue: () => registry.list(),
  });
  const scheduler = new Scheduler({ queue, runner, maxConcurrent: server.maxConcurrent, logger });
  const instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const version = daemonVersion();
  const roster = backend.roster ?? new MemoryRoster();
  const stopHeartbeat = await startHeartbeat(
    roster,
    () => ({
      id: instance,
      version,
      startedAt: new Date(startedAt).toISOString(),
      maxConcurrent: server.maxConcurrent,
      running: scheduler.runningCount,
      seenAt: new Date().toISOString(),
    }),
    (error) =>
      logger.warn('the instance heartbeat failed; GET /instances may miss this daemon until the next one', { error: error.message }),
  );
  const planner = new PlanOnly({
    engine,
    catalogue: () => registry.list(),
    workspaceBase: workspace.path,
    defaultWorkspace: workspace.default,
    trustedWorkspaces: config.security.trustedWorkspaces,
    limits: config.limits,
  });
  const app = createApp({
    service,
    store,
    queue,
    bus,
    registry,
    metrics,
    logger,
    redactor,
    startedAt,
    version,
    instance,
    instances: () => roster.list(),
    throughput: (minutes) => throughput.read(minutes, new Date()),
    maxConcurrent: server.maxConcurrent,
    dashboard: server.dashboard,
    security,
    planner,
  });
  const github = createGithubApp({
    config,
    service,
    jobs: store,
    logger,
    webhooks: security.webhooks,
    redis: security.redis,
    redisPrefix: security.redisPrefix,
  });
  const release = async () => {
    await github?.close();
    metrics.close();
    detachEvents?.();
    detachEventLog();
    detachThroughput();
    bus.close();
    await security.close();
    if (!deps.engine) await engine.close();
    await stopHeartbeat();
    await Promise.allSettled([queue.close(), store.close()]);
    if (!deps.logger) await logger.close();
  };
  return { logger, registry, queue, store, bus, service, scheduler, app, instance, webhooks: security.webhooks, github, release };
}

export async function startDaemon(config: AgentdConfig, deps: DaemonDeps = {}): Promise<DaemonHandle> {
  const parts = await assemble(config, deps);
  const { logger, scheduler, service } = parts;
  const { headersTimeoutMs, requestTimeoutMs } = config.server;
  // Slow clients (slowloris): headers and whole requests have deadlines, checked every second rather
  // than Node's default 30 s so a trickling socket is cut close to its deadline.
  const server = createServer(
    {
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    parts.app,
  );
  answerClientErrors(server);
  const host = config.server.host;
  const port = await listen(server, config.server.port, host).catch(async (error: unknown) => {
    await parts.release();
    throw error;
  });
  scheduler.start();
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info('daemon ready', {
    url,
    maxConcurrent: config.server.maxConcurrent,
    capabilities: parts.registry.list().length,
    instance: parts.instance,
  });

  let closing: Promise<void> | null = null;
  const close = (options: { graceSec?: number } = {}) =>
    (closing ??= (async () => {
      const graceSec = options.graceSec ?? config.server.shutdownGraceSec;
      logger.info('daemon shutting down', { graceSec, running: scheduler.runningCount });
      service.stopAccepting();
      await scheduler.drain(graceSec * 1000);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // SSE streams and keep-alive sockets would hold close() open
      });
      await parts.release();
    })());

  return {
    url,
    port,
    host,
    queue: parts.queue,
    store: parts.store,
    app: parts.app,
    bus: parts.bus,
    scheduler,
    webhooks: parts.webhooks,
    github: parts.github,
    close,
    connectionCount: () =>
      new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
  };
}
