/**
 * `agentd scan --plugin <path|package>`: a plugin's analysis capabilities become checks of the scan's
 * catalog, named by their full id ("acme/analysis.license-header"; `--checks all` includes them).
 * Explicit on the command line, so a broken plugin is an error here, not a skip.
 */
import type { AnalysisCatalog } from '../../core/scan/index.js';
import { registerPlugins } from './register-plugins.js';

export async function addPluginChecks(catalog: AnalysisCatalog, sources: readonly string[], from: string): Promise<string[]> {
  const report = await registerPlugins(catalog.registry, sources, from);
  const first = report.broken[0];
  if (first) throw first.error;
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
