import path from 'node:path';
import { coerceForKey } from './coerce.js';
import { PATH_KEYS } from './env-layer.js';
import { KeyedLayer, type ConfigLayer } from './layers.js';
import { expandQueueUrl } from './queue-url-layer.js';

/** The `agentd start` options that set configuration keys, as yargs hands them over (camelCase). */
export interface ConfigFlags {
  port?: string | number;
  host?: string;
  queueUrl?: string;
  maxConcurrent?: string | number;
  workspace?: string;
  githubAppId?: string | number;
  githubPrivateKey?: string;
  githubInstallationId?: string | number;
  githubWebhookSecret?: string;
  debug?: boolean;
  insecure?: boolean;
  /** `--no-dashboard` (false) or `--dashboard` (true); undefined when not given. */
  dashboard?: boolean;
  requireDurableQueue?: boolean;
}

/** Flag (kebab-case, as typed) -> argv property -> key. */
export const CONFIG_FLAGS: ReadonlyArray<{ flag: string; prop: keyof ConfigFlags; key: string }> = [
  { flag: 'port', prop: 'port', key: 'server.port' },
  { flag: 'host', prop: 'host', key: 'server.host' },
  { flag: 'max-concurrent', prop: 'maxConcurrent', key: 'server.maxConcurrent' },
  { flag: 'workspace', prop: 'workspace', key: 'workspace.path' },
  { flag: 'queue-url', prop: 'queueUrl', key: 'queue.url' },
  { flag: 'github-app-id', prop: 'githubAppId', key: 'github.appId' },
  { flag: 'github-private-key', prop: 'githubPrivateKey', key: 'github.privateKeyPath' },
  { flag: 'github-installation-id', prop: 'githubInstallationId', key: 'github.installationId' },
  { flag: 'github-webhook-secret', prop: 'githubWebhookSecret', key: 'github.webhookSecret' },
];

/** The command-line layer, the highest one. Flags arrive as strings and are coerced like env values. */
export function flagLayer(flags: ConfigFlags, cwd: string = process.cwd()): ConfigLayer {
  const layer = new KeyedLayer();
  for (const { flag, prop, key } of CONFIG_FLAGS) {
    const raw = flags[prop];
    if (raw === undefined) continue;
    const value = PATH_KEYS.includes(key) && typeof raw === 'string' ? path.resolve(cwd, raw) : coerceForKey(key, String(raw));
    layer.set(key, value, `flag --${flag}`);
  }
  if (flags.debug) layer.set('logging.level', 'debug', 'flag --debug');
  if (flags.insecure) layer.set('server.insecure', true, 'flag --insecure');
  if (flags.dashboard !== undefined)
    layer.set('server.dashboard', flags.dashboard, flags.dashboard ? 'flag --dashboard' : 'flag --no-dashboard');
  if (flags.requireDurableQueue) layer.set('queue.requireDurable', true, 'flag --require-durable-queue');
  return expandQueueUrl(layer);
}
