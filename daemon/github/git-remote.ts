/**
 * git against GitHub for the App: arguments arrays only (no shell ever sees a repository name, a ref or
 * a comment), the installation token passed as an HTTP header through git's environment configuration
 * (GIT_CONFIG_COUNT), never in argv, a URL or a remote's config, and redacted from every error.
 */
import { execFile } from 'node:child_process';
import { AgentdError } from '../../core/index.js';
import { withoutTokens } from './github-errors.js';
import type { RepositoryName } from './repository-names.js';

const GIT_TIMEOUT_MS = 10 * 60_000;

export interface GitOptions {
  cwd: string;
  /** The installation token, for https remotes. */
  token?: string;
}

/**
 * What git takes from the daemon's environment: an allow-list (where programs and home are, the locale,
 * and how to reach the network: proxies and CA bundles), never the daemon's secrets (API key, JWT
 * secret, encryption key, Redis URL) — git works on repositories whose content is untrusted.
 */
const INHERITED =
  /^(PATH|HOME|LANG|LANGUAGE|TZ|TMPDIR|LC_[A-Z_]+|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy|SSL_CERT_FILE|SSL_CERT_DIR|GIT_SSL_CAINFO|GIT_SSL_CAPATH|GIT_SSH_COMMAND)$/;

function gitEnv(token: string | undefined): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name, value]) => value !== undefined && INHERITED.test(name));
  const env: NodeJS.ProcessEnv = { ...Object.fromEntries(inherited), GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'echo', LC_ALL: 'C' };
  if (token) {
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    Object.assign(env, {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.extraHeader',
      GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
    });
  }
  return env;
}

export function git(args: string[], options: GitOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd: options.cwd, env: gitEnv(options.token), timeout: GIT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const known = options.token ? [options.token] : [];
        const said = withoutTokens(
          String(stderr || error.message)
            .trim()
            .split('\n')
            .slice(-3)
            .join(' '),
          known,
        );
        reject(new AgentdError('github_git_failed', `git ${args[0]} failed: ${said}`));
      },
    );
  });
}

/** `<gitUrl>/<owner>/<repo>.git` */
export function remoteUrl(gitUrl: string, name: RepositoryName): string {
  return `${gitUrl.replace(/\/+$/, '')}/${encodeURIComponent(name.owner)}/${encodeURIComponent(name.repo)}.git`;
}
