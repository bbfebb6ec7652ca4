/**
 * The runner module of plugin capabilities: a plugin is registered with this file as its modulePath
 * and a PluginBinding as its binding; the executor's step worker calls `bindCapability(binding)` and
 * runs the capability it gets like any other (job-step review, staging, failure mapping).
 */
import type { Capability, CapabilityContext, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import type { PluginBinding } from './binding.js';
import { runPluginStep } from './run-plugin-step.js';

export const RUNNER_MODULE = new URL(import.meta.url);

export function bindCapability(binding: unknown): Capability {
  const plugin = binding as PluginBinding;
  if (typeof binding !== 'object' || binding === null || plugin.kind !== 'isolate' || typeof plugin.entry !== 'string') {
    throw new AgentdError('invalid_plugin', 'A plugin step arrived without a valid binding (kind "isolate", entry, permissions, limits).');
  }
  return {
    meta: plugin.meta ?? ({ id: plugin.id } as Capability['meta']),
    run: (input: unknown, ctx: CapabilityContext): Promise<StepResult> => runPluginStep(plugin, input, ctx),
  };
}
