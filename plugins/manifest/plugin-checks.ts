/**
 * `agentd scan --plugin <path|package>`: a plugin's analysis capabilities become checks of the scan's
 * catalog, named by their full id ("acme/analysis.license-header"; `--checks all` includes them).
 * A plugin named with --plugin that cannot be loaded is an error; the plugins configured with `agentd
 * plugin add` (~/.agentd/config.json) are loaded too, a broken one reported and skipped.
 */
import type { AgentdError } from '../../core/index.js';
import type { AnalysisCatalog } from '../../core/scan/index.js';
import { registerPlugins } from './register-plugins.js';

export async function addPluginChecks(
  catalog: AnalysisCatalog,
  sources: readonly string[],
  from: string,
  onBroken?: (error: AgentdError) => void,
): Promise<string[]> {
  const report = await registerPlugins(catalog.registry, sources, from);
  const first = report.broken[0];
  // Named on the command line: an error. From the configuration (onBroken given): reported and skipped, as the daemon does.
  if (first && !onBroken) throw first.error;
  for (const { error } of report.broken) onBroken?.(error);
  const added: string[] = [];
  for (const { registered } of report.loaded) {
    for (const capability of registered) {
      if (capability.meta.group !== 'analysis') continue;
      catalog.checks.set(capability.meta.id, capability);
      added.push(capability.meta.id);
    }
  }
  return added;
}
