import { isAgentdError } from '../core/errors/index.js';
import { loadConfig, maskSecrets, type LoadConfigOptions } from '../daemon/config/index.js';

/**
 * `agentd start --dry-run`: the effective configuration with secrets masked and the source of every
 * key that is not a default, as one JSON document on stdout (exit 0); or each problem on its own
 * line on stderr (exit 1).
 */
export function printDryRun(options: LoadConfigOptions): number {
  try {
    const { config, sources } = loadConfig(options);
    const overridden = Object.fromEntries(Object.entries(sources).filter(([, source]) => source !== 'default'));
    process.stdout.write(`${JSON.stringify({ valid: true, config: maskSecrets(config), sources: overridden }, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!isAgentdError(error) || error.code !== 'invalid_config') throw error;
    const lines = error.details?.map((detail) => `  - ${detail.message}`) ?? [`  - ${error.message}`];
    process.stderr.write(
      `agentd: the configuration is invalid (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}\n`,
    );
    return 1;
  }
}
