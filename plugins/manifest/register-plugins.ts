/**
 * Registers the configured plugins' capabilities in a registry (the daemon's, or a scan's catalog).
 * One broken plugin is reported (`broken`) and skipped; the others and the first-party capabilities
 * are unaffected. A plugin is registered whole or not at all (an id collision refuses the plugin).
 */
import { fileURLToPath } from 'node:url';
import { AgentdError, isAgentdError, type RegisteredCapability } from '../../core/index.js';
import type { CapabilityRegistry } from '../../core/registry/index.js';
import { readPlugin, type LoadedPlugin } from './read-plugin.js';
import { sandboxInstalled, sandboxUnavailable } from '../sandbox/run-plugin-step.js';

/** The runner module every plugin capability is registered with (compiled next to this file's folder). */
export const PLUGIN_RUNNER = fileURLToPath(new URL('../sandbox/bind-capability.js', import.meta.url));

export interface PluginReport {
  loaded: { plugin: LoadedPlugin; registered: RegisteredCapability[] }[];
  broken: { source: string; error: AgentdError }[];
}

export async function registerPlugins(registry: CapabilityRegistry, sources: readonly string[], from: string): Promise<PluginReport> {
  const report: PluginReport = { loaded: [], broken: [] };
  if (sources.length > 0 && !sandboxInstalled()) {
    // Without the sandbox no plugin step could run: each is reported and skipped, agentd itself runs on.
    for (const source of sources) report.broken.push({ source, error: sandboxUnavailable('the isolated-vm package is not installed') });
    return report;
  }
  for (const source of sources) {
    try {
      const plugin = await readPlugin(source, from);
      const registered = registry.registerBound(plugin.capabilities, PLUGIN_RUNNER, `plugin ${JSON.stringify(source)}`);
      report.loaded.push({ plugin, registered });
    } catch (error) {
      report.broken.push({
        source,
        error: isAgentdError(error)
          ? error
          : new AgentdError(
              'invalid_plugin',
              `Plugin ${JSON.stringify(source)} could not be loaded (${String((error as Error)?.message ?? error)}).`,
            ),
      });
    }
  }
  return report;
}
