/**
 * The App's connection to GitHub, built on @octokit/app: the App JWT (signed with the private key) and
 * installation tokens, cached by @octokit/auth-app. Its cache keeps a token 59 minutes whatever GitHub
 * said, so before every use (an API request, a token handed to git) the token's own `expires_at` is
 * read and a token with less than TOKEN_RENEW_BEFORE_MS left is renewed first.
 * Every request goes through Octokit's retry (5xx, network errors) and throttling (primary and
 * secondary rate limits: 403/429 with retry-after) plugins, against `github.apiUrl`.
 */
import { App } from '@octokit/app';
import { Octokit } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { Logger } from '../logging/types.js';

/** Rate-limited requests are retried this many times (after GitHub's retry-after) before the error surfaces. */
const RATE_LIMIT_RETRIES = 2;

/**
 * An installation token with less than this left is renewed before use: it outlasts a git fetch or push
 * started with it, and a clock a little off GitHub's. (GitHub's tokens last 60 minutes.)
 */
export const TOKEN_RENEW_BEFORE_MS = 5 * 60_000;

interface InstallationAuthentication {
  token: string;
  expiresAt: string;
  permissions: Record<string, string>;
}

export interface GithubClientOptions {
  appId: string;
  privateKey: string;
  apiUrl: string;
  logger: Logger;
}

type LimitOptions = { method: string; url: string };

function appOctokit(apiUrl: string, logger: Logger) {
  const onLimit =
    (kind: string) =>
    (retryAfter: number, options: LimitOptions, _octokit: unknown, retryCount: number): boolean => {
      const again = retryCount < RATE_LIMIT_RETRIES;
      logger.warn(`GitHub ${kind} rate limit`, { method: options.method, url: options.url, retryAfterSec: retryAfter, retrying: again });
      return again;
    };
  return Octokit.plugin(retry, throttling).defaults({
    baseUrl: apiUrl.replace(/\/+$/, ''),
    userAgent: 'agentd-github-app',
    throttle: { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
    // Rate limits (403/429) are the throttling plugin's (it waits for retry-after / the reset); retry takes 5xx and network errors.
    retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
  });
}

export type GithubOctokit = InstanceType<ReturnType<typeof appOctokit>>;

export class GithubClient {
  private readonly app: App<{ Octokit: ReturnType<typeof appOctokit> }>;
  private readonly installations = new Map<number, Promise<GithubOctokit>>();
  private identityPromise: Promise<{ slug: string; id: number }> | null = null;

  constructor(options: GithubClientOptions) {
    const quiet = {
      debug: () => undefined,
      info: () => undefined,
      warn: (message: string) => options.logger.warn(message),
      error: (message: string) => options.logger.error(message),
    };
    this.app = new App({
      appId: options.appId,
      privateKey: options.privateKey,
      Octokit: appOctokit(options.apiUrl, options.logger),
      log: quiet,
    });
  }

  /** An Octokit acting as the installation; its token is renewed before each request when it is about to expire. */
  installation(installationId: number): Promise<GithubOctokit> {
    let octokit = this.installations.get(installationId);
    if (!octokit) {
      octokit = (this.app.getInstallationOctokit(installationId) as Promise<GithubOctokit>).then((created) => {
        // /app routes are signed with the App JWT (the token request itself among them), not a token.
        created.hook.before('request', async (options) => {
          if (!String(options.url).startsWith('/app')) await this.authentication(created);
        });
        return created;
      });
      octokit.catch(() => this.installations.delete(installationId));
      this.installations.set(installationId, octokit);
    }
    return octokit;
  }

  /** The cached token, or a new one when the cached one has less than TOKEN_RENEW_BEFORE_MS left. */
  private async authentication(octokit: GithubOctokit): Promise<InstallationAuthentication> {
    const cached = (await octokit.auth({ type: 'installation' })) as InstallationAuthentication;
    if (Date.parse(cached.expiresAt) - Date.now() >= TOKEN_RENEW_BEFORE_MS) return cached;
    return (await octokit.auth({ type: 'installation', refresh: true })) as InstallationAuthentication;
  }

  /** The installation's current token (for git over HTTPS), renewed first when it is about to expire. */
  async token(installationId: number): Promise<string> {
    return (await this.authentication(await this.installation(installationId))).token;
  }

  /** A new token now (the installation accepted new permissions: the cached token lists the old ones). */
  async renew(installationId: number): Promise<void> {
    const octokit = await this.installation(installationId);
    await octokit.auth({ type: 'installation', refresh: true });
  }

  /** What the installation grants (e.g. `security_events: "write"`), as GitHub said when issuing its token. */
  async permissions(installationId: number): Promise<Record<string, string>> {
    return (await this.authentication(await this.installation(installationId))).permissions ?? {};
  }

  /** The App's slug and id (GET /app with the App JWT), for the bot identity of its commits. Cached. */
  identity(): Promise<{ slug: string; id: number }> {
    this.identityPromise ??= this.app.octokit
      .request('GET /app')
      .then((reply) => ({ slug: String(reply.data?.slug ?? 'agentd'), id: Number(reply.data?.id ?? 0) }));
    this.identityPromise.catch(() => {
      this.identityPromise = null;
    });
    return this.identityPromise;
  }

  forget(installationId: number): void {
    this.installations.delete(installationId);
  }
}
