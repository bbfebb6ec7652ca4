/**
 * The effective configuration of a daemon, after layering (CLI > env > --config > ~/.agentd > /etc/agentd > defaults)
 * and validation by the one JSON Schema in schema.ts. Sizes and durations are already parsed to numbers here;
 * the raw strings stay alongside for display.
 */
export interface AgentdConfig {
  server: {
    port: number;
    host: string;
    maxConcurrent: number;
    /** Seconds running jobs get to finish on SIGTERM/SIGINT before they are cancelled with error.code "shutdown". */
    shutdownGraceSec: number;
    /** Allows binding a non-loopback host without security.apiKey (flag --insecure). */
    insecure: boolean;
    /** Serve the web dashboard under /ui (its static files; it holds no data). */
    dashboard: boolean;
    /** Slow clients: the whole header block must arrive within this many ms (slowloris). */
    headersTimeoutMs: number;
    /** Slow clients: the whole request (headers and body) must arrive within this many ms. */
    requestTimeoutMs: number;
  };
  workspace: {
    /** Absolute directory; job workspaces are paths relative to it. */
    path: string;
    cleanup: boolean;
    /** e.g. "10GB" */
    maxSize: string | null;
    maxSizeBytes: number | null;
    /**
     * The workspace of a POST /jobs that names none (relative to `path`, "." for `path` itself); null:
     * such a request is refused with 400 workspace_required, so no job lands on the whole root by accident.
     */
    default: string | null;
  };
  queue: {
    type: 'memory' | 'redis';
    /** redis://[user:password@]host:port[/db] — set from --queue-url / REDIS_URL, or built from `external`. */
    url: string | null;
    external: { host: string; port: number; password: string | null; db: number };
    /** Refuse to start on a Redis that would lose the queue on a crash (no AOF, or evicting keys); else only warn. */
    requireDurable: boolean;
    /** Finished jobs kept in Redis: at most maxCount, none older than maxAgeSec (redis queue only). */
    retention: { maxCount: number; maxAgeSec: number };
  };
  github: {
    appId: string | null;
    privateKeyPath: string | null;
    installationId: string | null;
    webhookSecret: string | null;
    /** GitHub's REST API base (GitHub Enterprise Server: https://HOST/api/v3; tests: a local stand-in). */
    apiUrl: string;
    /** Where repositories are cloned from and pushed to: `<gitUrl>/<owner>/<repo>.git` (https://github.com; tests: a folder of bare repositories). */
    gitUrl: string;
    /** Name of the check run the App reports on pull requests. */
    checkName: string;
    /** Upload each scan's SARIF to GitHub code scanning (where the installation grants security_events: write). */
    codeScanning: boolean;
    /**
     * The daemon's public base URL (the App manifest's `url`, e.g. https://agentd.example.com): with the
     * dashboard on, task comments and the pull requests the App opens link the job's dashboard page,
     * <publicUrl>/ui/#/jobs/<id>. null: no links (the job id alone).
     */
    publicUrl: string | null;
  };
  limits: { maxMemoryMB: number; maxExecutionTimeMin: number; maxToolCalls: number };
  logging: { level: 'debug' | 'info' | 'warn' | 'error'; format: 'json' | 'pretty'; file: string | null };
  security: {
    apiKey: string | null;
    jwtSecret: string | null;
    /** Lifetime of tokens from POST /auth/token, as a duration ("1h"). */
    jwtExpiresIn: string;
    protectMetrics: boolean;
    corsOrigins: string[];
    /**
     * Workspaces (relative to workspace.path; globs such as "repos/*"; "*" for all) whose jobs may run
     * the project's own code by default: tests, scripts, ESLint/Prettier JS configs and plugins.
     */
    trustedWorkspaces: string[];
    /**
     * Host services ("127.0.0.1:5432") project code may reach from the sandbox at the same address —
     * a test database for the project's tests; nothing else of the network (core/sandbox/sandbox-services.ts).
     */
    sandboxServices: string[];
    /** Variables project code gets besides the allow-list (DATABASE_URL of that test database). */
    sandboxEnv: Record<string, string>;
    rateLimiting: { enabled: boolean; requests: number; window: string; windowMs: number };
    /** `key` is the secret the record key is derived from; required when `enabled`. */
    encryption: { enabled: boolean; algorithm: string; key: string | null };
  };
  /**
   * Third-party plugins to load (docs/plugins.md): folders (a `./` path in a file is relative to the file)
   * or npm package names installed where the daemon runs. A broken one is logged and skipped.
   */
  plugins: string[];
}

/**
 * Where a configuration value came from, for error messages ("server.port = 'abc' from env AGENTD_PORT").
 * `file <path>` names a system-wide file read from somewhere other than /etc/agentd/config.json (tests, packagers).
 */
export type ConfigSource =
  | 'default'
  | '/etc/agentd/config.json'
  | '~/.agentd/config.json'
  | `file ${string}`
  | `--config ${string}`
  | `env ${string}`
  | `flag --${string}`;

/** The source of every leaf key of the effective configuration, by dotted key ("server.port"). */
export type ConfigSources = Record<string, ConfigSource>;
