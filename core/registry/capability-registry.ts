/** The registry of discovered capabilities: meta by id, the module that holds each, and their input validators. */
import path from 'node:path';
import type { CapabilityGroup, CapabilityMeta, InvocableCapability, InvokeScope, RegisteredCapability } from '../contracts/index.js';
import { AgentdError, quoteInput } from '../errors/index.js';
import { closestMatch } from '../fuzzy/index.js';
import { InputValidators, type InputValidation } from './input-validators.js';
import { importByPath } from './module-source.js';
import { validateModule } from './validate-module.js';

export class CapabilityRegistry {
  private readonly byId = new Map<string, RegisteredCapability>();
  private readonly validators = new InputValidators();

  /**
   * Imports one compiled module, validates it and registers it. `group` is the group folder it was
   * discovered in (checked against meta.group); omit it for a module registered on its own.
   */
  async registerModule(modulePath: string, group?: CapabilityGroup): Promise<RegisteredCapability> {
    const absolute = path.resolve(modulePath);
    let exports: Record<string, unknown>;
    try {
      exports = (await importByPath(absolute)) as Record<string, unknown>;
    } catch (error) {
      throw new AgentdError(
        'invalid_capability',
        `Capability module "${absolute}" could not be imported (${(error as Error).message}); fix the module so it loads.`,
        { cause: error },
      );
    }
    const { meta, validate } = validateModule(absolute, exports, this.validators, group);
    const existing = this.byId.get(meta.id);
    if (existing) {
      throw new AgentdError(
        'duplicate_capability',
        `Capability id "${meta.id}" is declared by both "${existing.modulePath}" and "${absolute}"; rename one of them.`,
      );
    }
    const registered: RegisteredCapability = { meta, modulePath: absolute };
    this.byId.set(meta.id, registered);
    this.validators.remember(meta.id, validate);
    return registered;
  }

  /**
   * Registers capabilities whose code is not a module of their own (a third-party plugin): `meta` was
   * validated by its loader (plugins/manifest) and is plain data, `modulePath` is the runner module and
   * `binding` the data the runner needs. Checks here what the registry owns: the id is free and the
   * inputSchema compiles. Nothing of the plugin is imported or run.
   */
  registerBound(
    entries: readonly { meta: CapabilityMeta; binding: unknown }[],
    modulePath: string,
    source: string,
  ): RegisteredCapability[] {
    // Everything is checked before anything is registered: a plugin is registered whole or not at all.
    const checked = entries.map(({ meta, binding }) => {
      const existing = this.byId.get(meta.id);
      if (existing) {
        throw new AgentdError(
          'duplicate_capability',
          `Capability id "${meta.id}" of ${source} is already registered by "${existing.modulePath}"${existing.binding === undefined ? '' : ' (another plugin)'}; rename one of them.`,
        );
      }
      try {
        return {
          registered: { meta, modulePath: path.resolve(modulePath), binding } as RegisteredCapability,
          validate: this.validators.compile(meta.inputSchema),
        };
      } catch (error) {
        throw new AgentdError(
          'invalid_plugin',
          `Capability "${meta.id}" of ${source} has an invalid inputSchema (${(error as Error).message}); make it a valid JSON Schema (draft-07).`,
          { cause: error },
        );
      }
    });
    for (const { registered, validate } of checked) {
      this.byId.set(registered.meta.id, registered);
      this.validators.remember(registered.meta.id, validate);
    }
    return checked.map((c) => c.registered);
  }

  /** Every capability's meta, sorted by id. */
  list(): CapabilityMeta[] {
    return [...this.byId.values()].map((c) => c.meta).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  get(id: string): RegisteredCapability | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Like get(), but an unknown id is an AgentdError('unknown_capability') with a "did you mean". */
  require(id: string): RegisteredCapability {
    const found = this.byId.get(id);
    if (found) return found;
    const suggestion = closestMatch(id, this.byId.keys());
    const hint = suggestion ? `did you mean "${suggestion}"?` : 'GET /capabilities lists the registered ids.';
    throw new AgentdError('unknown_capability', `No capability is registered as ${quoteInput(id)}; ${hint}`);
  }

  /**
   * What a step of `id` may run through `ctx.invoke`: its meta.execution.composes and, transitively,
   * theirs, each as plain data (module path, binding, inputSchema). Undefined when it composes nothing.
   * An id listed but not registered is left out: invoking it is then refused with the list.
   */
  invokeScope(id: string): InvokeScope | undefined {
    const composes = this.require(id).meta.execution?.composes ?? [];
    if (composes.length === 0) return undefined;
    const invocable: InvocableCapability[] = [];
    const seen = new Set<string>([id]);
    const queue = [...composes];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const found = this.byId.get(next);
      if (!found) continue;
      const own = found.meta.execution?.composes ?? [];
      invocable.push({
        id: next,
        modulePath: found.modulePath,
        ...(found.binding === undefined ? {} : { binding: found.binding }),
        inputSchema: found.meta.inputSchema,
        composes: [...own],
      });
      queue.push(...own);
    }
    return { capabilityId: id, composes: [...composes], invocable };
  }

  /**
   * Validates a step's input against the capability's inputSchema (compiled once, at registration).
   * A step submitted without `input` is validated as `{}`, which is what its run() receives.
   */
  validateInput(id: string, input: unknown): InputValidation {
    this.require(id);
    return this.validators.validate(id, input === undefined ? {} : input);
  }
}
