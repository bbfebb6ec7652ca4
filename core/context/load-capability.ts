/**
 * The one way a capability's code is loaded from its registered module: its `{ meta, run }` (or a
 * default export of them), or, for a module that is a runner (a third-party plugin: the task carries a
 * `binding`), the capability its `bindCapability(binding)` makes from data. Used by every StepRunner
 * (the executor's worker, the scan's in-process runner) and by `ctx.invoke`.
 */
import type { Capability } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { importByPath } from '../registry/module-source.js';

export interface CapabilityModuleRef {
  /** The capability id, for messages. */
  id: string;
  /** Absolute path of the compiled module. */
  modulePath: string;
  /** A runner module's data (core/contracts RegisteredCapability.binding). */
  binding?: unknown;
}

export async function loadCapabilityModule(ref: CapabilityModuleRef): Promise<Capability> {
  const mod = (await importByPath(ref.modulePath)) as Partial<Capability> & {
    default?: Partial<Capability>;
    bindCapability?: (binding: unknown) => Capability;
  };
  if (ref.binding !== undefined) {
    // A runner module (plugins/sandbox) makes the capability from data: the plugin's code never enters this thread's heap.
    if (typeof mod.bindCapability !== 'function')
      throw new AgentdError(
        'invalid_capability',
        `Module "${ref.modulePath}" exports no bindCapability() for the bound capability "${ref.id}".`,
      );
    return mod.bindCapability(ref.binding);
  }
  const candidate = typeof mod.run === 'function' ? mod : mod.default;
  if (!candidate || typeof candidate.run !== 'function') {
    throw new AgentdError('invalid_capability', `Module "${ref.modulePath}" exports no run() function; export { meta, run }.`);
  }
  return candidate as Capability;
}
