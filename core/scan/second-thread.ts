/**
 * The scan's second thread (the checks it takes say `execution.thread: 'second'` in their meta). The parse cache is per thread:
 * with the flat-tree addon the main thread parses once and sends each file's text and flat tree
 * (shared-parse.ts), and only what this worker has not been sent before; without it the worker parses
 * for itself. Each thread builds its own plain trees. The checks here are the most expensive ones after
 * the parse (security's taint engine, clone matching), and they no longer wait for the others. One
 * worker per process, kept between scans (its caches make a re-scan cheap) and unref'd (it never keeps
 * the process alive); a scan that finds it busy runs everything in its own thread.
 */
import { Worker } from 'node:worker_threads';
import type { StepResult } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import type { CapabilityRun } from '../report/index.js';
import type { StepHooks, StepSpec } from './run-step.js';
import type { SharedParse } from './shared-parse.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

let worker: Worker | null = null;
let busy = false;
let nextId = 1;
/** Content hash of each parse already sent to the current worker, by cache key. */
let sent = new Map<string, string>();

function spawn(): Worker {
  sent = new Map();
  const created = new Worker(new URL('./scan-worker.js', import.meta.url));
  created.unref();
  const forget = (): void => {
    if (worker === created) worker = null;
  };
  created.on('exit', forget);
  created.on('error', forget);
  return created;
}

export function secondThreadFree(): boolean {
  return !busy;
}

export interface SecondThreadRun {
  steps: { index: number; run: CapabilityRun; result?: StepResult }[];
  toolCalls: number;
}

/** Runs `steps` in the worker; resolves when all are done (a failed check is a failed run, not a rejection). */
export function runInSecondThread(
  steps: StepSpec[],
  hooks: StepHooks & { maxToolCalls: number; parsed: SharedParse[] },
): Promise<SecondThreadRun> {
  busy = true;
  const current = (worker ??= spawn());
  const id = nextId++;
  return new Promise<SecondThreadRun>((resolve, reject) => {
    const onAbort = (): void => current.postMessage({ type: 'cancel' } satisfies WorkerRequest);
    const finish = (): void => {
      busy = false;
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      hooks.signal?.removeEventListener('abort', onAbort);
    };
    const onMessage = (reply: WorkerReply): void => {
      if (reply.id !== id) return;
      if (reply.type === 'progress') hooks.onProgress?.(reply.progress);
      else if (reply.type === 'log') hooks.onLog?.(reply.capability, reply.level, reply.message);
      else {
        finish();
        resolve({ steps: reply.steps, toolCalls: reply.toolCalls });
      }
    };
    const onError = (error: Error): void => {
      finish();
      reject(
        new AgentdError('capability_crashed', `The scan's second thread failed (${error.message}); run the scan again.`, { cause: error }),
      );
    };
    const onExit = (code: number): void => onError(new Error(`it exited with code ${code}`));
    current.on('message', onMessage);
    current.on('error', onError);
    current.once('exit', onExit);
    hooks.signal?.addEventListener('abort', onAbort, { once: true });
    // A re-scan sends only the files that changed since (the worker keeps what it was sent in its cache).
    const parsed = hooks.parsed.filter((file) => sent.get(file.key) !== file.hash);
    for (const file of parsed) sent.set(file.key, file.hash);
    current.postMessage({
      type: 'run',
      id,
      root: hooks.root,
      total: hooks.total,
      maxToolCalls: hooks.maxToolCalls,
      projectCode: hooks.projectCode === true,
      steps,
      parsed,
    } satisfies WorkerRequest);
  });
}
