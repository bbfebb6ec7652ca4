/**
 * Whether the project has its own ESLint flat config: decided without loading ESLint, so a scan of a
 * project without one (linted by agentd's built-in rules) never pays ESLint's module loading.
 */
import type { CapabilityContext } from '../../../core/index.js';

export const FLAT_CONFIG_NAMES = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
];

export async function projectConfigFile(ctx: CapabilityContext): Promise<string | undefined> {
  for (const name of FLAT_CONFIG_NAMES) if (await ctx.workspace.exists(name)) return name;
  return undefined;
}
