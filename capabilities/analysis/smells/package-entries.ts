/** The entry points package.json declares (one counted read); none when there is no readable manifest. */
import type { CapabilityContext } from '../../../core/index.js';
import { packageEntryPoints } from './unused-exports.js';

export async function readPackageEntries(ctx: CapabilityContext): Promise<string[]> {
  if (!(await ctx.workspace.exists('package.json'))) return [];
  try {
    return packageEntryPoints(JSON.parse(await ctx.workspace.read('package.json')) as Record<string, unknown>);
  } catch (error) {
    ctx.log('warn', `package.json could not be read as JSON (${(error as Error).message}); no package entry points are assumed.`);
    return [];
  }
}
