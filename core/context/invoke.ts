/**
 * `ctx.invoke(id, input)`: composition through the engine's context. The invoked capability gets a
 * context that shares the caller's workspace view, tools (so its tool calls count against the same
 * budget, and the memo cache is the same), permissions, project and signal; only `previous` (empty),
 * its log prefix and `invoke` (one more id on the chain) differ. Its input is validated with the
 * registry's validators (build-time compiled when the schema is first-party).
 */
import type { CapabilityContext, InvocableCapability, InvokeOptions, InvokeScope, StepResult } from '../contracts/index.js';
import { AgentdError, quoteInput } from '../errors/index.js';
import { InputValidators } from '../registry/input-validators.js';
import { loadCapabilityModule } from './load-capability.js';
import { ForkedWorkspace } from '../workspace/forked-workspace.js';

const validators = new InputValidators();
const compiled = new Set<string>();

function validated(entry: InvocableCapability, input: unknown): unknown {
  const given = input === undefined ? {} : input;
  if (!compiled.has(entry.id)) {
    validators.remember(entry.id, validators.compile(entry.inputSchema));
    compiled.add(entry.id);
  }
  const check = validators.validate(entry.id, given);
  if (!check.valid) {
    const problems = check.errors.map((e) => `${e.path} ${e.message}`).join('; ');
    throw new AgentdError('invalid_input', `The input invoked for "${entry.id}" is invalid (${problems}).`, { details: check.errors });
  }
  return given;
}

/**
 * The `invoke` of a context for the capability at the end of `chain` (its first entry is the step's
 * own capability). `composes` is what that capability declared.
 */
export function invokeFunction(
  ctx: () => CapabilityContext,
  scope: InvokeScope | undefined,
  chain: readonly string[],
  composes: readonly string[],
): CapabilityContext['invoke'] {
  return async (id: string, input?: unknown, options: InvokeOptions = {}): Promise<StepResult> => {
    const caller = chain[chain.length - 1] ?? 'this capability';
    if (chain.includes(id)) {
      throw new AgentdError(
        'capability_error',
        `"${caller}" invoked "${id}", which is already running in this step (${[...chain, id].join(' -> ')}); a capability cannot invoke itself, directly or through another.`,
      );
    }
    const entry = scope?.invocable.find((c) => c.id === id);
    if (!entry || !composes.includes(id)) {
      const declared = composes.length > 0 ? composes.join(', ') : 'none';
      throw new AgentdError(
        'unknown_capability',
        `"${caller}" invoked ${quoteInput(id)}, which its meta.execution.composes does not list (it lists: ${declared}); declare every capability it runs there.`,
      );
    }
    const parent = ctx();
    parent.signal.throwIfAborted();
    const checked = validated(entry, input);
    const capability = await loadCapabilityModule({
      id: entry.id,
      modulePath: entry.modulePath,
      ...(entry.binding === undefined ? {} : { binding: entry.binding }),
    });
    const nested = [...chain, id];
    const fork = options.dryRun ? new ForkedWorkspace(parent.workspace) : null;
    const child: CapabilityContext = {
      ...parent,
      ...(fork ? { workspace: fork } : {}),
      previous: [],
      log: (level, message) => parent.log(level, `${id}: ${String(message)}`),
      progress: () => undefined,
      invoke: invokeFunction(() => child, scope, nested, entry.composes),
    };
    parent.signal.throwIfAborted();
    const result = await capability.run(checked, child);
    // A dry run's writes never reach the caller's overlay: they come back as the result's changes.
    return fork ? { ...result, changes: fork.ownChanges() } : result;
  };
}
