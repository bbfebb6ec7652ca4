/**
 * The GitHub App: subscribes to verified webhook deliveries (POST /webhooks/github answers 202 first,
 * the work happens after) and acts on the events it handles — pull-request checks, `/agentd` comments,
 * installation lifecycle. On when github.appId, github.privateKeyPath and github.webhookSecret are set.
 * A delivery that fails is logged (tokens redacted); its own handler has already told GitHub (a failed
 * check run, a comment) where it could.
 */
import { jobLink } from './dashboard-link.js';
import { readFileSync } from 'node:fs';
import type { AgentdConfig } from '../config/types.js';
import type { JobService } from '../jobs/job-service.js';
import type { JobStore } from '../jobs/job-store.js';
import type { Logger } from '../logging/types.js';
import type { GithubDelivery, WebhookEventBus } from '../events/webhook-events.js';
import type { Redis } from 'ioredis';
import { MemoryGithubAppStore, RedisGithubAppStore, type GithubAppStore } from './app-store.js';
import { GithubClient } from './github-client.js';
import { describeGithubError } from './github-errors.js';
import { pushTarget } from './default-branch-baseline.js';
import { isInstallationEvent, recordInstallationEvent } from './installations.js';
import { checkTarget, PullRequestCheck } from './pull-request-check.js';
import { commentRequest, TaskComments } from './task-comments.js';
import { WorkspaceCache } from './workspace-cache.js';

export interface GithubAppDeps {
  config: AgentdConfig;
  service: JobService;
  jobs: JobStore;
  logger: Logger;
  webhooks: WebhookEventBus;
  /** The security parts' Redis connection when daemons share Redis (the App's state goes there), else null. */
  redis: Redis | null;
  redisPrefix: string;
}

export class GithubApp {
  readonly store: GithubAppStore;
  private readonly checks: PullRequestCheck;
  private readonly comments: TaskComments;
  private readonly cache: WorkspaceCache;
  private readonly client: GithubClient;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: GithubAppDeps,
    privateKey: string,
  ) {
    const { config, logger } = deps;
    const github = config.github;
    this.client = new GithubClient({ appId: github.appId!, privateKey, apiUrl: github.apiUrl, logger });
    this.cache = new WorkspaceCache(config.workspace.path, github.gitUrl);
    this.store = deps.redis ? new RedisGithubAppStore(deps.redis, `${deps.redisPrefix}github:`) : new MemoryGithubAppStore();
    this.checks = new PullRequestCheck({
      client: this.client,
      cache: this.cache,
      logger,
      checkName: github.checkName,
      trustedWorkspaces: config.security.trustedWorkspaces,
      maxScans: config.server.maxConcurrent,
      signal: this.stopping.signal,
      codeScanning: github.codeScanning,
    });
    const waitMs = config.limits.maxExecutionTimeMin * 60_000 * 2;
    this.comments = new TaskComments({
      client: this.client,
      cache: this.cache,
      store: this.store,
      service: deps.service,
      jobs: deps.jobs,
      logger,
      gitUrl: github.gitUrl,
      jobLink: jobLink(github.publicUrl, config.server.dashboard),
      waitMs,
      signal: this.stopping.signal,
    });
    this.unsubscribe = deps.webhooks.subscribe((delivery) => this.onDelivery(delivery));
  }

  /** True when the App acts on the delivery; the work runs after the webhook is answered. */
  private onDelivery(delivery: GithubDelivery): boolean {
    const work = this.route(delivery);
    if (!work) return false;
    const running = work().catch((error: unknown) => {
      this.deps.logger.error('GitHub delivery failed', {
        delivery: delivery.id,
        event: delivery.event,
        action: delivery.action,
        error: describeGithubError(error),
      });
    });
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
    return true;
  }

  private route(delivery: GithubDelivery): (() => Promise<void>) | null {
    const { id, event, action, payload } = delivery;
    try {
      const target = checkTarget(event, action, payload, id);
      if (target) return async () => void (await this.checks.run(target));
      const request = commentRequest(event, payload, id);
      if (request) return () => this.comments.handle(request);
      const push = pushTarget(event, payload, id);
      if (push) return async () => void (await this.checks.refreshBaseline(push));
    } catch (error) {
      // A payload whose names do not pass the checks (repositoryName, safeSha, safeRef) is not acted on.
      this.deps.logger.warn('GitHub delivery ignored: malformed payload', { delivery: id, event, error: (error as Error).message });
      return null;
    }
    if (isInstallationEvent(event))
      return () =>
        recordInstallationEvent(event, action, payload, {
          store: this.store,
          cache: this.cache,
          client: this.client,
          logger: this.deps.logger,
        });
    return null;
  }

  /**
   * Stops listening, stops what is in progress (scans are killed and their check runs completed as
   * failed, waits for task jobs end with a comment saying so) and waits for that, at most `timeoutMs`.
   */
  async close(timeoutMs = 5000): Promise<void> {
    this.unsubscribe();
    this.stopping.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.pending]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    await this.store.close();
  }
}

/** The App when it is configured (appId, private key and webhook secret), else null with a log line saying what is missing. */
export function createGithubApp(deps: GithubAppDeps): GithubApp | null {
  const { appId, privateKeyPath, webhookSecret } = deps.config.github;
  if (!appId || !privateKeyPath || !webhookSecret) {
    if (appId || privateKeyPath)
      deps.logger.warn(
        'the GitHub App is off: it needs github.appId, github.privateKeyPath and github.webhookSecret (docs/github-app.md)',
        { appId: Boolean(appId), privateKey: Boolean(privateKeyPath), webhookSecret: Boolean(webhookSecret) },
      );
    return null;
  }
  const app = new GithubApp(deps, readFileSync(privateKeyPath, 'utf8'));
  deps.logger.info('GitHub App on', { appId, apiUrl: deps.config.github.apiUrl });
  return app;
}
