/**
 * Lives in the daemon's process and owns the executor process: forks it with a clean execArgv and
 * NODE_OPTIONS (so worker resourceLimits hold) and an allow-listed environment (no secrets), routes steps and their events over IPC, fails the
 * steps in flight with capability_crashed when the executor dies, and starts a new one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentdError } from '../errors/index.js';
import { cleanFlags, executorEnv } from './clean-exec-env.js';
import { HIDDEN_PATHS_VARIABLE } from '../sandbox/run-sandboxed.js';
import { ENV_VARIABLE, SERVICES_VARIABLE } from '../sandbox/sandbox-services.js';
import { failureFromExecutorExit } from './failure-mapping.js';
import type { PoolOptions } from './pool-set.js';
import type { Finding } from '../contracts/index.js';
import type { StepRunner, StepRunOptions } from './step-runner.js';
import type { FromExecutor, StepEvent, StepFailure, StepReply, StepTask, ToExecutor } from './protocol.js';

const EXECUTOR_MAIN = fileURLToPath(new URL('./executor-main.js', import.meta.url));
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 3_000;
const STDERR_TAIL_BYTES = 4096;

interface Pending {
  task: StepTask;
  child: ChildProcess;
  onEvent?: (event: StepEvent) => void;
  /** Findings of a chunked reply, as they arrive. */
  findings: Finding[];
  finish(reply: StepReply): void;
}

export interface ExecutorOptions {
  /**
   * Files the sandbox covers with empty mounts when it runs project code (the daemon's config files,
   * its GitHub key, its log file): project code runs as the daemon's OS user and could read them.
   */
  hiddenPaths?: string[];
  /** Host services ("127.0.0.1:5432") the sandbox relays to project code (core/sandbox/sandbox-services.ts). */
  services?: string[];
  /** Variables project code gets besides the sandbox's allow-list. */
  env?: Record<string, string>;
}

/** The daemon's StepRunner (step-runner.ts): each step in a Piscina worker thread of the supervised executor process. */
export class ExecutorSupervisor implements StepRunner {
  private readonly poolOptions: PoolOptions;
  private readonly env: NodeJS.ProcessEnv;
  private child: ChildProcess | null = null;
  private starting: Promise<ChildProcess> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Per engine run: the executor process that holds its results, and how many (see StepTask.run). */
  private readonly runs = new Map<string, { child: ChildProcess; count: number }>();
  private closed = false;
  private stderrTail = '';
  /** How many times the executor died and was replaced. */
  restarts = 0;

  constructor(poolOptions: PoolOptions = {}, options: ExecutorOptions = {}) {
    this.poolOptions = poolOptions;
    const hidden = (options.hiddenPaths ?? []).filter(Boolean).join(path.delimiter);
    this.env = executorEnv(process.env, {
      ...(hidden ? { [HIDDEN_PATHS_VARIABLE]: hidden } : {}),
      ...(options.services?.length ? { [SERVICES_VARIABLE]: options.services.join(',') } : {}),
      ...(options.env && Object.keys(options.env).length > 0 ? { [ENV_VARIABLE]: JSON.stringify(options.env) } : {}),
    });
  }

  /** The executor's pid, or null while none runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Forks the executor if none is running and waits until it is ready. */
  async start(): Promise<void> {
    await this.ensureStarted();
  }

  /** Runs one step; resolves with a reply (failures are data) and rejects only when no executor can be started. */
  async run(task: StepTask, options: StepRunOptions = {}): Promise<StepReply> {
    const child = await this.ensureStarted();
    const { signal } = options;
    if (this.closed) return { ok: false, error: closedFailure(task), toolCalls: 0 };
    if (signal?.aborted) return cancelledReply(task);
    // The executor died between start and now, and its exit was already handled: nobody would answer.
    if (this.child !== child)
      return { ok: false, error: failureFromExecutorExit(task, 'exited before the step started', this.stderrTail), toolCalls: 0 };
    return new Promise<StepReply>((resolve) => {
      const id = this.nextId++;
      const onAbort = (): void => {
        this.send(child, { type: 'cancel', id });
        finish(cancelledReply(task));
      };
      const finish = (reply: StepReply): void => {
        if (!this.pending.delete(id)) return;
        signal?.removeEventListener('abort', onAbort);
        this.updateRef();
        resolve(reply);
      };
      this.pending.set(id, { task, child, onEvent: options.onEvent, findings: [], finish });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.updateRef();
      this.send(child, { type: 'run', id, task: this.slimmed(task, child) });
    });
  }

  /** The engine run ended: the executor drops the results it kept for it. */
  forgetRun(key: string): void {
    const known = this.runs.get(key);
    this.runs.delete(key);
    if (known && known.child === this.child) this.send(known.child, { type: 'forget', run: key });
  }

  /** The task without the run's earlier results when `child` holds them already (it kept each as it came back). */
  private slimmed(task: StepTask, child: ChildProcess): StepTask {
    if (!task.run) return task;
    const { key, own } = task.run;
    const known = this.runs.get(key);
    if (own > 0 && known?.child === child && known.count === own) {
      return { ...task, previous: task.previous.slice(0, task.previous.length - own), run: { key, own, cached: own } };
    }
    this.runs.set(key, { child, count: own });
    return task;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of [...this.pending.values()]) pending.finish({ ok: false, error: closedFailure(pending.task), toolCalls: 0 });
    const child = this.child ?? (await this.starting?.catch(() => null)) ?? null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Held until it has exited: an idle executor is unref'd, and a caller with nothing else to wait for
    // (`agentd scan`'s plugin checks) would otherwise see its event loop end before the exit is seen.
    child.ref();
    this.send(child, { type: 'shutdown' });
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  private ensureStarted(): Promise<ChildProcess> {
    if (this.closed) return Promise.reject(new AgentdError('unavailable', 'The executor is closed; create a new engine to run steps.'));
    if (this.child) return Promise.resolve(this.child);
    this.starting ??= this.spawn().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private spawn(): Promise<ChildProcess> {
    const child = fork(EXECUTOR_MAIN, [JSON.stringify(this.poolOptions)], {
      execArgv: cleanFlags(process.execArgv),
      env: this.env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // A send racing the executor's death reports here instead of throwing; the exit handler does the rest.
    child.on('error', () => undefined);
    child.stderr?.setEncoding('utf8');
    (child.stderr as { unref?(): void } | null)?.unref?.();
    child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('message', (message: FromExecutor) => this.onMessage(child, message));
    child.on('exit', (code, signal) => this.onExit(child, signal ?? `exit code ${code}`));
    return this.awaitReady(child);
  }

  private awaitReady(child: ChildProcess): Promise<ChildProcess> {
    return new Promise<ChildProcess>((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        child.off('exit', onEarlyExit);
        child.off('message', onReady);
      };
      const fail = (why: string): void => {
        settle();
        child.kill('SIGKILL');
        reject(new AgentdError('unavailable', `The executor process did not start (${why}); check that "${EXECUTOR_MAIN}" is built.`));
      };
      const onEarlyExit = (code: number | null, signal: string | null): void =>
        fail(`${signal ?? `exit code ${code}`}: ${this.stderrTail.trim().slice(-300)}`);
      const onReady = (message: FromExecutor): void => {
        if (message.type !== 'ready') return;
        settle();
        this.child = child;
        this.updateRef();
        resolve(child);
      };
      const timer = setTimeout(() => fail('no ready message'), START_TIMEOUT_MS);
      child.on('exit', onEarlyExit);
      child.on('message', onReady);
    });
  }

  private onMessage(child: ChildProcess, message: FromExecutor): void {
    if (message.type === 'event') this.pending.get(message.id)?.onEvent?.(message.event);
    else if (message.type === 'findings') this.pending.get(message.id)?.findings.push(...message.findings);
    else if (message.type === 'reply') {
      const pending = this.pending.get(message.id);
      if (pending?.child !== child) return;
      const reply = message.reply;
      if (reply.ok && message.chunkedFindings !== undefined) reply.result.findings = pending.findings;
      const run = pending.task.run && this.runs.get(pending.task.run.key);
      if (reply.ok && run?.child === child) run.count += 1;
      pending.finish(reply);
    }
  }

  private onExit(child: ChildProcess, exit: string): void {
    const wasCurrent = this.child === child;
    if (wasCurrent) this.child = null;
    for (const [key, run] of this.runs) if (run.child === child) this.runs.delete(key);
    for (const pending of [...this.pending.values()]) {
      if (pending.child !== child) continue;
      const error = this.closed ? closedFailure(pending.task) : failureFromExecutorExit(pending.task, exit, this.stderrTail);
      pending.finish({ ok: false, error, toolCalls: 0 });
    }
    this.stderrTail = '';
    if (!wasCurrent || this.closed) return;
    this.restarts++;
    // Start the replacement now so the next step finds warm threads; a failure shows on the next runStep.
    this.ensureStarted().catch(() => undefined);
  }

  /** An idle executor must not keep the daemon's event loop alive (a forgotten close() cannot hang it). */
  private updateRef(): void {
    const child = this.child;
    if (!child) return;
    const channel = child.channel as { ref?(): void; unref?(): void } | null | undefined;
    if (this.pending.size > 0) {
      child.ref();
      channel?.ref?.();
    } else {
      child.unref();
      channel?.unref?.();
    }
  }

  private send(child: ChildProcess, message: ToExecutor): void {
    if (child.connected) child.send(message);
  }
}

function closedFailure(task: StepTask): StepFailure {
  return {
    code: 'unavailable',
    message: `The executor was closed while step ${task.stepIndex} ("${task.capabilityId}") ran; cancel jobs before closing the engine.`,
  };
}

function cancelledReply(task: StepTask): StepReply {
  return {
    ok: false,
    error: { code: 'cancelled', message: `Step ${task.stepIndex} ("${task.capabilityId}") was cancelled.` },
    toolCalls: 0,
  };
}
