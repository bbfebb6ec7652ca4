import type { AgentdConfig } from './types.js';

/** The embedded defaults: the bottom layer of the configuration. A fresh object on every call. */
export function defaultConfig(): AgentdConfig {
  return {
    server: {
      port: 3000,
      host: '127.0.0.1',
      maxConcurrent: 3,
      shutdownGraceSec: 30,
      insecure: false,
      dashboard: true,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
    },
    workspace: { path: process.cwd(), cleanup: true, maxSize: null, maxSizeBytes: null, default: null },
    queue: {
      type: 'memory',
      url: null,
      external: { host: 'localhost', port: 6379, password: null, db: 0 },
      requireDurable: false,
      retention: { maxCount: 10_000, maxAgeSec: 604_800 },
    },
    github: {
      appId: null,
      privateKeyPath: null,
      installationId: null,
      webhookSecret: null,
      apiUrl: 'https://api.github.com',
      gitUrl: 'https://github.com',
      checkName: 'agentd',
      codeScanning: false,
      publicUrl: null,
    },
    limits: { maxMemoryMB: 2048, maxExecutionTimeMin: 60, maxToolCalls: 100 },
    logging: { level: 'info', format: 'pretty', file: null },
    security: {
      apiKey: null,
      jwtSecret: null,
      jwtExpiresIn: '1h',
      protectMetrics: false,
      corsOrigins: [],
      trustedWorkspaces: [],
      sandboxServices: [],
      sandboxEnv: {},
      rateLimiting: { enabled: false, requests: 100, window: '15m', windowMs: 15 * 60_000 },
      encryption: { enabled: false, algorithm: 'aes-256-gcm', key: null },
    },
    plugins: [],
  };
}

/** Keys computed from others after validation; they are not written in files, env or flags. */
export const DERIVED_KEYS = ['workspace.maxSizeBytes', 'security.rateLimiting.windowMs'] as const;
