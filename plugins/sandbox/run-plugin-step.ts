/**
 * Runs one plugin capability step in a fresh isolated-vm isolate: its own heap (limits.memoryMB), a
 * watchdog on the isolate's CPU time (limits.cpuMs) and the wall clock (limits.wallMs), cancellation
 * through ctx.signal, and data in and out as JSON text only. Hosted by the executor's worker thread
 * (core/executor), never the daemon's main process: an isolate that takes its host down takes only
 * the executor, which the supervisor restarts.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type ivmModule from 'isolated-vm';
import { AgentdError, isAgentdError, type CapabilityContext, type StepResult } from '../../core/index.js';
import type { PluginBinding } from './binding.js';
import { CROSS_AS_COPY_FROM, joinTexts, type Crossings } from './crossing.js';
import { externalCopyOf, joinedCopyOf } from './text-copies.js';
import { createHostTools, type HostDispatch, type HostReply, type HostTools } from './host-tools.js';
import { lease, release, type Leased } from './isolate-pool.js';
import { PRELUDE, SDK_MODULE, SDK_SPECIFIERS } from './isolate-source.js';

type Ivm = typeof ivmModule;
let loaded: Ivm | undefined;

const require = createRequire(import.meta.url);

/** The refusal when the optional sandbox is missing: agentd works, plugins do not. */
export function sandboxUnavailable(detail: string): AgentdError {
  return new AgentdError(
    'plugin_sandbox_unavailable',
    `The plugin sandbox (isolated-vm) is not available here (${detail}); it is an optional dependency compiled at install time with g++, make and python3: reinstall agentd where those are present.`,
  );
}

/** Whether isolated-vm is installed: resolved, not loaded (the loader runs in the daemon's own process, which never maps the addon). */
export function sandboxInstalled(): boolean {
  try {
    require.resolve('isolated-vm');
    return true;
  } catch {
    return false;
  }
}

/** isolated-vm is a native addon: loaded on the first plugin step (in the executor), so a daemon with no plugins never maps it. */
export function isolatedVm(): Ivm {
  if (loaded) return loaded;
  try {
    return (loaded = require('isolated-vm') as Ivm);
  } catch (error) {
    throw sandboxUnavailable((error as Error).message.split('\n')[0] ?? 'it does not load');
  }
}

/**
 * The prelude compiled once per isolate and run in each step's fresh context: an unbound script is
 * code only (no state of any context), and running it again reuses its bytecode and baseline code, so
 * the prelude's functions (the crossings' unpacking above all) start warm in a pooled isolate.
 */
const preludes = new WeakMap<ivmModule.Isolate, ivmModule.Script>();

function preludeOf(isolate: ivmModule.Isolate): ivmModule.Script {
  let script = preludes.get(isolate);
  if (!script) {
    script = isolate.compileScriptSync(PRELUDE, { filename: 'agentd:prelude' });
    preludes.set(isolate, script);
  }
  return script;
}

/** How often the watchdog looks at the isolate's CPU time and the wall clock. */
const WATCH_EVERY_MS = 5;

export interface PluginStepStats {
  /** CPU time the isolate used, ms. */
  cpuMs: number;
  wallMs: number;
  toolCalls: number;
  /** Taking the isolate (new or warm) and creating its context, compiling and evaluating the plugin's module, ms. */
  startMs: number;
  /** Whether the isolate came warm from the pool (a fresh context on an isolate of an earlier step of this plugin). */
  reused: boolean;
  /** Whether that fresh context was made ready while the isolate was idle (prelude and SDK in place). */
  prepared: boolean;
}

/**
 * JSON.parse that drops `__proto__` keys, so returned data can never carry a prototype into host objects.
 * The reviver (slow on large results) runs only when the text could hold such a key: spelled out, or
 * behind a \u escape.
 */
export function parseUntrusted(json: string): unknown {
  if (!json.includes('__proto__') && !json.includes('\\u')) return JSON.parse(json);
  return JSON.parse(json, (key, value: unknown) => (key === '__proto__' ? undefined : value));
}

function checkResult(value: unknown, binding: PluginBinding): StepResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as StepResult).summary !== 'string') {
    throw new AgentdError(
      'plugin_error',
      `Plugin capability "${binding.id}" must resolve to a StepResult ({ summary, findings?, changes?, data? }) with a string summary.`,
    );
  }
  const result = value as StepResult;
  for (const key of ['findings', 'changes', 'artifacts'] as const) {
    if (result[key] !== undefined && !Array.isArray(result[key]))
      throw new AgentdError('plugin_error', `Plugin capability "${binding.id}" returned a "${key}" that is not an array.`);
  }
  return result;
}

interface Outcome {
  kind: 'R' | 'E' | 'M' | 'O';
  body: string;
  /** Nothing of the step can run later: no host call in flight, no task-scheduling API used (isolate-source.ts). */
  idle: boolean;
}

function describeIsolateFailure(error: unknown, binding: PluginBinding, disposed: boolean): AgentdError {
  if (isAgentdError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  // isolated-vm disposes an isolate by itself only for its memory limit (agentd's own kills set `failure`,
  // which wins): a copy into the isolate past the limit (a tool's reply) surfaces as an abandoned promise.
  if (disposed && (/memory limit/i.test(message) || /promise was abandoned/i.test(message))) {
    return new AgentdError(
      'plugin_memory_limit',
      `Plugin capability "${binding.id}" went past its memory limit of ${binding.limits.memoryMB} MB; its isolate was disposed.`,
    );
  }
  if (/call stack/i.test(message))
    return new AgentdError('plugin_stack_overflow', `Plugin capability "${binding.id}" overflowed the stack (${message}).`);
  return new AgentdError('plugin_error', `Plugin capability "${binding.id}" failed: ${message}`, { cause: error });
}

export async function runPluginStep(
  binding: PluginBinding,
  input: unknown,
  ctx: CapabilityContext,
  stats?: (s: PluginStepStats) => void,
): Promise<StepResult> {
  const ivm = isolatedVm();
  const source = await readFile(binding.entry, 'utf8').catch((error: Error) => {
    throw new AgentdError('invalid_plugin', `Plugin "${binding.plugin}" has no readable entry "${binding.entry}" (${error.message}).`);
  });
  const started = performance.now();
  const leased = lease(ivm, binding.entry, binding.limits.memoryMB);
  const { isolate } = leased;
  let reusable = false;
  let failure: AgentdError | undefined;
  const stop = (error: AgentdError): void => {
    failure ??= error;
    if (!isolate.isDisposed) isolate.dispose();
  };
  const crossings: Crossings = {
    text: (text) => (text.length < CROSS_AS_COPY_FROM ? text : externalCopyOf(ivm, text).copyInto()),
    texts: (texts) => {
      let chars = 0;
      for (const text of texts) chars += text.length;
      return chars < CROSS_AS_COPY_FROM ? joinTexts(texts) : joinedCopyOf(ivm, texts);
    },
    // Packed afresh for this reply: its memory is moved, not copied (the host's array is detached).
    columns: (columns) => new ivm.ExternalCopy(columns.buffer, { transferOut: true }).copyInto({ release: true, transferIn: true }),
  };
  const host = createHostTools(binding, ctx, stop, crossings);
  const watchdog = setInterval(() => {
    if (isolate.isDisposed) return;
    const cpuMs = Number(isolate.cpuTime - leased.cpuAtStart) / 1e6;
    if (cpuMs > binding.limits.cpuMs) {
      stop(
        new AgentdError(
          'plugin_cpu_limit',
          `Plugin capability "${binding.id}" used more than ${binding.limits.cpuMs} ms of CPU time (limits.cpuMs); its isolate was disposed.`,
        ),
      );
    } else if (performance.now() - started > binding.limits.wallMs) {
      stop(
        new AgentdError(
          'plugin_timeout',
          `Plugin capability "${binding.id}" ran longer than ${binding.limits.wallMs} ms (limits.wallMs); its isolate was disposed.`,
        ),
      );
    }
  }, WATCH_EVERY_MS);
  const onAbort = (): void => stop(new AgentdError('cancelled', `Plugin capability "${binding.id}" was cancelled.`));
  if (ctx.signal.aborted) onAbort();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  let startMs = 0;
  let prepared = false;
  try {
    const outcome = await evaluate(ivm, leased, binding, source, input, ctx, host, (warm) => {
      startMs = performance.now() - started;
      prepared = warm;
    });
    if (failure) throw failure;
    // A stack overflow is contained, but the isolate is not trusted with another step after one.
    reusable = outcome.idle && !(outcome.kind === 'E' && /"stackOverflow":true/.test(outcome.body));
    if (outcome.kind === 'M')
      throw new AgentdError(
        'invalid_plugin',
        `Plugin "${binding.plugin}": ${String((parseUntrusted(outcome.body) as { message?: unknown }).message)}.`,
      );
    if (outcome.kind === 'E') {
      const thrown = parseUntrusted(outcome.body) as { name?: unknown; message?: unknown; stackOverflow?: unknown };
      const message = String(thrown.message).slice(0, 2_000);
      if (thrown.stackOverflow === true)
        throw new AgentdError('plugin_stack_overflow', `Plugin capability "${binding.id}" overflowed the stack (${message}).`);
      throw new AgentdError('plugin_error', `Plugin capability "${binding.id}" threw ${String(thrown.name).slice(0, 100)}: ${message}`);
    }
    if (outcome.kind === 'O' || outcome.body.length > binding.limits.maxOutputBytes) {
      const size = outcome.kind === 'O' ? Number(outcome.body) : outcome.body.length;
      throw new AgentdError(
        'plugin_output_too_large',
        `Plugin capability "${binding.id}" returned ${size} characters of JSON, over limits.maxOutputBytes (${binding.limits.maxOutputBytes}).`,
      );
    }
    if (outcome.body === '')
      throw new AgentdError('plugin_error', `Plugin capability "${binding.id}" resolved to a value that is not JSON.`);
    return checkResult(parseUntrusted(outcome.body), binding);
  } catch (error) {
    throw failure ?? describeIsolateFailure(error, binding, isolate.isDisposed);
  } finally {
    host.close();
    clearInterval(watchdog);
    ctx.signal.removeEventListener('abort', onAbort);
    const cpuMs = isolate.isDisposed ? Number.NaN : Number(isolate.cpuTime - leased.cpuAtStart) / 1e6;
    // Back to the warm pool only after a step that ended by itself with nothing left to run; anything else is disposed.
    release(leased, reusable && !failure, binding.limits.memoryMB, (pooled) => prepareContext(ivm, pooled));
    stats?.({ cpuMs, wallMs: performance.now() - started, toolCalls: host.calls(), startMs, reused: leased.reuses > 0, prepared });
  }
}

/**
 * A context made ready for a step before the step is known: the prelude run, the SDK module linked, the
 * run wrapper and the taint check taken out. No plugin code has run in it. Host calls go through `slot`
 * to the step that takes it (none can come before: only the plugin's code calls the host).
 */
interface ReadyContext {
  context: ivmModule.Context;
  run: ivmModule.Reference<(capability: string, inputJson: string, infoJson: string, namespace: unknown) => Promise<string>>;
  tainted: ivmModule.Reference<() => boolean>;
  sdk: ivmModule.Module;
  slot: { dispatch?: HostDispatch };
}

const NO_STEP: HostReply = { ok: false, error: { code: 'plugin_error', message: 'no step is running in this context' } };

/**
 * Makes a context ready (above), with isolated-vm's synchronous calls: on a new isolate, or on a pooled
 * one that passed the idle check (nothing queued, nothing in flight), they return at once, and nothing
 * is left running on the isolate's thread afterwards — an asynchronous preparation still in flight when
 * the executor's worker was terminated hung the thread's teardown, and the executor with it. A step on a
 * new isolate does this first; an isolate going back to the warm pool does it just after (isolate-pool.ts
 * `release`), so the next step starts at its plugin's module: measured in bench/plugin-overhead.ts
 * (docs/plugins.md).
 */
function prepareContext(ivm: Ivm, isolate: ivmModule.Isolate): ReadyContext {
  const context = isolate.createContextSync();
  try {
    const slot: ReadyContext['slot'] = {};
    const jail = context.global;
    const host = (name: string, argsJson: string, texts?: unknown): Promise<HostReply> =>
      slot.dispatch ? slot.dispatch(name, argsJson, texts) : Promise.resolve(NO_STEP);
    jail.setSync('__agentdHost', new ivm.Reference(host));
    preludeOf(isolate).runSync(context);
    // Taken before the plugin's module runs, so a plugin that replaces globalThis.__agentdRun changes nothing.
    const run = jail.getSync('__agentdRun', { reference: true }) as ReadyContext['run'];
    const tainted = jail.getSync('__agentdTainted', { reference: true }) as ReadyContext['tainted'];
    const sdk = isolate.compileModuleSync(SDK_MODULE, { filename: 'agentd:sdk' });
    sdk.instantiateSync(context, () => {
      throw new Error('the SDK imports nothing');
    });
    return { context, run, tainted, sdk, slot };
  } catch (error) {
    if (!isolate.isDisposed) context.release();
    throw error;
  }
}

async function evaluate(
  ivm: Ivm,
  leased: Leased,
  binding: PluginBinding,
  source: string,
  input: unknown,
  ctx: CapabilityContext,
  host: HostTools,
  ready: (prepared: boolean) => void,
): Promise<Outcome> {
  const { isolate } = leased;
  const prepared = (await leased.prepared) as ReadyContext | undefined;
  const context = prepared ?? (await prepareContext(ivm, isolate));
  try {
    return await evaluateIn(isolate, context, binding, source, input, ctx, host, () => ready(prepared !== undefined));
  } finally {
    // The context goes with the step; a pooled isolate keeps nothing of it reachable.
    if (!isolate.isDisposed) context.context.release();
  }
}

async function evaluateIn(
  isolate: ivmModule.Isolate,
  { context, run, tainted, sdk, slot }: ReadyContext,
  binding: PluginBinding,
  source: string,
  input: unknown,
  ctx: CapabilityContext,
  host: HostTools,
  ready: () => void,
): Promise<Outcome> {
  slot.dispatch = host.dispatch;
  // Compiling and linking run none of the plugin's code, so they are synchronous calls (each
  // asynchronous call into the isolate is a round trip between threads, ~0.1 ms); evaluating the
  // module and everything after it may run plugin code and stays asynchronous, under the watchdog.
  const plugin = isolate.compileModuleSync(source, { filename: pathToFileURL(binding.entry).href });
  // Imports are checked before instantiation: the resolver below then never has to refuse (a throwing
  // resolver callback is a path into the addon that is best left untaken).
  const outside = plugin.dependencySpecifiers.find((specifier) => !SDK_SPECIFIERS.has(specifier));
  if (outside !== undefined) {
    throw new AgentdError(
      'invalid_plugin',
      `Plugin "${binding.plugin}" imports "${outside.slice(0, 200)}"; what enters the isolate is one script whose only import is "@agentd/cli/sdk" (\`agentd plugin add\` bundles a plugin's dependencies into it).`,
    );
  }
  plugin.instantiateSync(context, () => sdk);
  await plugin.evaluate();
  ready();
  const info = JSON.stringify({ jobId: ctx.jobId, stepIndex: ctx.stepIndex, maxOutputBytes: binding.limits.maxOutputBytes });
  // The module's namespace goes in with the run call (no global the plugin could have taken over, and no extra call).
  const reply = await run.apply(undefined, [binding.capability, JSON.stringify(input ?? {}), info, plugin.namespace.derefInto()], {
    arguments: { copy: true },
    result: { promise: true, copy: true },
  });
  if (typeof reply !== 'string' || reply.length === 0)
    throw new AgentdError('plugin_error', `Plugin capability "${binding.id}" did not answer through the SDK's run wrapper.`);
  // Reuse needs the isolate idle: no host call still in flight, and (after one more turn of its task
  // queue — the taint check's own call, queued behind any reply delivered late, which runs first) no
  // use of an API whose callbacks run as later tasks.
  let idle = host.inFlight() === 0;
  if (idle) idle = (await tainted.apply(undefined, [], { result: { copy: true } })) === false && host.inFlight() === 0;
  return { kind: reply[0] as Outcome['kind'], body: reply.slice(1), idle };
}
