export type { AgentdConfig, ConfigSource, ConfigSources } from './types.js';
export { defaultConfig } from './defaults.js';
export { loadConfig, DEFAULT_ETC_PATH, type LoadConfigOptions, type LoadedConfig } from './load-config.js';
export { maskSecrets, MASK } from './mask-secrets.js';
export { ENV_VARS } from './env-layer.js';
export { CONFIG_FLAGS, type ConfigFlags } from './flag-layer.js';
export { CONFIG_SCHEMA, SECRET_KEYS, leafKeys } from './schema.js';
export { parseSize, parseDuration } from './units.js';
export { parseQueueUrl, maskUrlPassword } from './queue-url.js';
