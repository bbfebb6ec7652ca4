/**
 * The engine's capability lookup for the daemon: the registry plus the agent's internal step modules
 * (today only the planner, `analysis.plan-task`). The registry itself stays the public catalogue, so
 * /capabilities, job submission and the planner's catalogue never see internal steps.
 */
import { fileURLToPath } from 'node:url';
import type { CapabilityLookup } from '../../core/engine/index.js';
import type { RegisteredCapability } from '../../core/index.js';
import { meta as planMeta } from './plan-step.js';

const INTERNAL: RegisteredCapability[] = [{ meta: planMeta, modulePath: fileURLToPath(new URL('./plan-step.js', import.meta.url)) }];

export function withAgentSteps(registry: CapabilityLookup): CapabilityLookup {
  const internal = new Map(INTERNAL.map((step) => [step.meta.id, step]));
  for (const id of internal.keys())
    if (registry.get(id))
      throw new Error(
        `The capability id "${id}" is reserved for the agent's internal planning step; rename the capability that declares it.`,
      );
  return {
    get: (id) => internal.get(id) ?? registry.get(id),
    // ctx.invoke's scope (meta.execution.composes) comes from the registry; internal steps compose nothing.
    invokeScope: (id) => (internal.has(id) ? undefined : registry.invokeScope?.(id)),
  };
}
