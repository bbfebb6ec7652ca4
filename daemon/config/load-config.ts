import os from 'node:os';
import path from 'node:path';
import { defaultConfig } from './defaults.js';
import { envLayer } from './env-layer.js';
import { checkPaths } from './file-checks.js';
import { checkSecurity } from './security-checks.js';
import { checkSecretStrength } from './secret-strength.js';
import { readConfigFile } from './file-layer.js';
import { finalizeConfig } from './finalize.js';
import { flagLayer, type ConfigFlags } from './flag-layer.js';
import { mergeLayer, uniformLayer, type ConfigLayer, type PlainObject, type SourceMap } from './layers.js';
import { configError, type ConfigProblem } from './problems.js';
import type { AgentdConfig, ConfigSource, ConfigSources } from './types.js';
import { validateConfig } from './validate.js';

export const DEFAULT_ETC_PATH = '/etc/agentd/config.json';

export interface LoadConfigOptions {
  flags?: ConfigFlags;
  env?: NodeJS.ProcessEnv;
  /** The --config file; unlike the other two files it must exist. */
  configPath?: string;
  homeDir?: string;
  etcPath?: string;
  /** Folder relative paths in env and flags are resolved against. */
  cwd?: string;
}

export interface LoadedConfig {
  config: AgentdConfig;
  sources: ConfigSources;
  /** The configuration files that were read (they may hold secrets: the sandbox hides them from project code). */
  files: string[];
}

/**
 * Layers CLI flags > environment > --config file > ~/.agentd/config.json > /etc/agentd/config.json >
 * defaults, validates the result with the one schema, and returns it with the source of every key.
 * Throws AgentdError("invalid_config") listing every problem (key, value, source, what was expected).
 */
export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const { flags = {}, env = process.env, homeDir = os.homedir(), etcPath = DEFAULT_ETC_PATH, cwd = process.cwd() } = options;
  const problems: ConfigProblem[] = [];
  const layers: ConfigLayer[] = [defaultLayer()];
  const etcSource: ConfigSource = etcPath === DEFAULT_ETC_PATH ? DEFAULT_ETC_PATH : `file ${etcPath}`;
  const files: Array<[string, ConfigSource, boolean]> = [
    [etcPath, etcSource, false],
    [path.join(homeDir, '.agentd', 'config.json'), '~/.agentd/config.json', false],
  ];
  if (options.configPath !== undefined) files.push([path.resolve(cwd, options.configPath), `--config ${options.configPath}`, true]);
  const read: string[] = [];
  for (const [file, source, required] of files) {
    const result = readConfigFile(file, source, required);
    if ('layer' in result) {
      layers.push(result.layer);
      read.push(file);
    }
    if ('problem' in result) problems.push(result.problem);
  }
  layers.push(envLayer(env, cwd), flagLayer(flags, cwd));

  const merged: PlainObject = {};
  const sources: SourceMap = {};
  for (const layer of layers) mergeLayer(merged, layer, sources);
  problems.push(
    ...validateConfig(merged, sources),
    ...checkPaths(merged, sources),
    ...checkSecurity(merged, sources),
    ...checkSecretStrength(merged, sources),
  );
  if (problems.length > 0) throw configError(problems);
  sources['workspace.maxSizeBytes'] = sources['workspace.maxSize'];
  sources['security.rateLimiting.windowMs'] = sources['security.rateLimiting.window'];
  return { config: finalizeConfig(merged), sources, files: read };
}

function defaultLayer(): ConfigLayer {
  const values = defaultConfig() as unknown as PlainObject & AgentdConfig;
  const { maxSizeBytes: _bytes, ...workspace } = values.workspace;
  const { windowMs: _ms, ...rateLimiting } = values.security.rateLimiting;
  const form = { ...values, workspace, security: { ...values.security, rateLimiting } };
  return uniformLayer(form as unknown as PlainObject, 'default');
}
