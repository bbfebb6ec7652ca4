/**
 * The GitHub App manifest (GitHub's App-manifest flow): exactly the permissions and events the App
 * uses. Printed by `agentd github setup` and shown in docs/github-app.md; a test keeps the events in
 * step with what daemon/github acts on.
 */
export const APP_PERMISSIONS = {
  checks: 'write', // check runs on pull requests
  contents: 'write', // fetch heads, clone, push the branches of /agentd tasks
  pull_requests: 'write', // list a pull request's files, open pull requests
  issues: 'write', // comment on issues (plans, refusals, outcomes)
  metadata: 'read', // required by every App; also what a commenter's collaborator permission needs
} as const;

/** Asked for only with `--code-scanning` (github.codeScanning): SARIF uploads to code scanning. */
export const CODE_SCANNING_PERMISSIONS = { security_events: 'write' } as const;

/** `push`: a push to the default branch refreshes the baseline pull-request checks compare against. */
export const APP_EVENTS = ['pull_request', 'check_suite', 'check_run', 'issue_comment', 'push'] as const;

export interface ManifestOptions {
  /** The daemon's public base URL, e.g. https://agentd.example.com (webhooks go to <url>/webhooks/github). */
  url: string;
  name?: string;
  /** Private App (only the owning account may install it): the default. */
  public?: boolean;
  /** Add security_events: write (SARIF upload to code scanning). */
  codeScanning?: boolean;
}

export function appManifest(options: ManifestOptions) {
  const base = options.url.replace(/\/+$/, '');
  return {
    name: options.name ?? 'agentd',
    url: base,
    description:
      'agentd: a scan on every pull request (check run with annotations on the changed lines) and `/agentd <task>` comments that open pull requests.',
    hook_attributes: { url: `${base}/webhooks/github`, active: true },
    redirect_url: base,
    public: options.public ?? false,
    default_permissions: { ...APP_PERMISSIONS, ...(options.codeScanning ? CODE_SCANNING_PERMISSIONS : {}) },
    // installation and installation_repositories are sent to every App without subscribing.
    default_events: [...APP_EVENTS],
  };
}
