import path from 'node:path';
import { coerceForKey } from './coerce.js';
import { KeyedLayer, type ConfigLayer } from './layers.js';
import { expandQueueUrl } from './queue-url-layer.js';

/**
 * Environment variables and the key each sets. Where two names set one key, the first listed wins
 * (the AGENTD_* names of DESIGN.md over the spec's deployment-example names).
 */
export const ENV_VARS: ReadonlyArray<{ names: string[]; key: string }> = [
  { names: ['AGENTD_PORT'], key: 'server.port' },
  { names: ['AGENTD_HOST'], key: 'server.host' },
  { names: ['AGENTD_MAX_CONCURRENT', 'MAX_CONCURRENT'], key: 'server.maxConcurrent' },
  { names: ['AGENTD_DASHBOARD'], key: 'server.dashboard' },
  { names: ['AGENTD_WORKSPACE', 'WORKSPACE_PATH'], key: 'workspace.path' },
  { names: ['AGENTD_WORKSPACE_DEFAULT'], key: 'workspace.default' },
  { names: ['REDIS_URL'], key: 'queue.url' },
  { names: ['REDIS_PASSWORD'], key: 'queue.external.password' },
  { names: ['REDIS_DB'], key: 'queue.external.db' },
  { names: ['AGENTD_REQUIRE_DURABLE_QUEUE'], key: 'queue.requireDurable' },
  { names: ['GITHUB_APP_ID'], key: 'github.appId' },
  { names: ['GITHUB_PRIVATE_KEY_PATH'], key: 'github.privateKeyPath' },
  { names: ['GITHUB_INSTALLATION_ID'], key: 'github.installationId' },
  { names: ['GITHUB_WEBHOOK_SECRET'], key: 'github.webhookSecret' },
  { names: ['GITHUB_API_URL'], key: 'github.apiUrl' },
  { names: ['AGENTD_GITHUB_GIT_URL'], key: 'github.gitUrl' },
  { names: ['AGENTD_GITHUB_CODE_SCANNING'], key: 'github.codeScanning' },
  { names: ['AGENTD_PUBLIC_URL'], key: 'github.publicUrl' },
  { names: ['API_KEY'], key: 'security.apiKey' },
  { names: ['JWT_SECRET'], key: 'security.jwtSecret' },
  { names: ['AGENTD_ENCRYPTION_KEY'], key: 'security.encryption.key' },
  { names: ['AGENTD_TRUSTED_WORKSPACES'], key: 'security.trustedWorkspaces' },
  { names: ['AGENTD_SANDBOX_SERVICES'], key: 'security.sandboxServices' },
  { names: ['AGENTD_PLUGINS'], key: 'plugins' },
  { names: ['LOG_LEVEL'], key: 'logging.level' },
  { names: ['LOG_FORMAT'], key: 'logging.format' },
  { names: ['LOG_FILE'], key: 'logging.file' },
  { names: ['MAX_MEMORY_MB'], key: 'limits.maxMemoryMB' },
  { names: ['MAX_EXECUTION_TIME_MIN'], key: 'limits.maxExecutionTimeMin' },
  { names: ['MAX_TOOL_CALLS'], key: 'limits.maxToolCalls' },
];

/** Keys holding file system paths: relative values are resolved (against the cwd here, a file's folder in files). */
export const PATH_KEYS = ['workspace.path', 'logging.file', 'github.privateKeyPath'];

/** The environment layer. An empty variable counts as unset, as shells make unsetting awkward. */
export function envLayer(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ConfigLayer {
  const layer = new KeyedLayer();
  for (const { names, key } of ENV_VARS) {
    const name = names.find((n) => env[n] !== undefined && env[n] !== '');
    if (!name) continue;
    const raw = env[name] as string;
    const value = PATH_KEYS.includes(key) ? path.resolve(cwd, raw) : coerceForKey(key, raw);
    layer.set(key, value, `env ${name}`);
  }
  return expandQueueUrl(layer);
}
