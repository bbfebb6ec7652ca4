/**
 * Entry of the executor process (forked by ExecutorSupervisor). It hosts the Piscina pools, so that a
 * capability which aborts V8 (one huge allocation) kills only this process, never the daemon.
 * argv[2] is the JSON of PoolOptions. Talks to the supervisor over IPC, data only.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { setTimeout as delay } from 'node:timers/promises';
import { failureFromPool } from './failure-mapping.js';
import { PoolSet, type PoolOptions } from './pool-set.js';
import type { StepResult } from '../contracts/index.js';
import type { FromExecutor, StepReply, StepTask, ToExecutor, WorkerControl } from './protocol.js';

/** How long a capability gets to honour ctx.signal before its thread is terminated. */
const ABORT_GRACE_MS = 600;
/** Upper bound on waiting for a dead worker's event port to close. */
const PORT_DRAIN_MS = 200;

interface Running {
  controller: AbortController;
  port: MessagePort;
  stopFlag: Int32Array;
  graceTimer?: NodeJS.Timeout;
}

const options = JSON.parse(process.argv[2] ?? '{}') as PoolOptions;
const pools = new PoolSet(options, (error) => process.stderr.write(`executor: pool error: ${String(error)}\n`));
const running = new Map<number, Running>();
/**
 * The results of each engine run's steps so far, in order: a later step's `previous` is taken from here
 * instead of crossing from the daemon again (step ten of an analysis pipeline got nine steps' findings
 * re-sent, serialised on the daemon's thread). Dropped when the engine says the run ended.
 */
const runResults = new Map<string, StepResult[]>();
/** Findings per message of a chunked reply: each decodes in a few milliseconds on the daemon's thread. */
const FINDINGS_PER_MESSAGE = 500;

function send(message: FromExecutor): void {
  // The callback takes a send that races the supervisor's exit, instead of an 'error' event.
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

/** The task with its whole `previous`: what the daemon sent, plus this run's results kept here. */
function withRunResults(task: StepTask): StepTask {
  if (!task.run) return task;
  const { key, own, cached = 0 } = task.run;
  if (cached === 0) {
    // The daemon sent them all: keep this run's share for the steps to come.
    runResults.set(key, task.previous.slice(task.previous.length - own));
    return task;
  }
  return { ...task, previous: [...task.previous, ...(runResults.get(key) ?? []).slice(0, cached)] };
}

/** Sends a reply; a big finding list goes ahead in chunks, each its own message. */
async function sendReply(id: number, reply: StepReply): Promise<void> {
  const findings = reply.ok ? (reply.result.findings ?? []) : [];
  if (!reply.ok || findings.length <= FINDINGS_PER_MESSAGE) {
    send({ type: 'reply', id, reply });
    return;
  }
  for (let start = 0; start < findings.length; start += FINDINGS_PER_MESSAGE) {
    send({ type: 'findings', id, findings: findings.slice(start, start + FINDINGS_PER_MESSAGE) });
    await new Promise((resolve) => setImmediate(resolve));
  }
  send({ type: 'reply', id, reply: { ...reply, result: { ...reply.result, findings: [] } }, chunkedFindings: findings.length });
}

async function runTask(id: number, sent: StepTask): Promise<void> {
  const task = withRunResults(sent);
  const { port1, port2 } = new MessageChannel();
  const controller = new AbortController();
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const drained = new Promise<void>((resolve) => port1.once('close', () => resolve()));
  port1.on('message', (event) => send({ type: 'event', id, event }));
  running.set(id, { controller, port: port1, stopFlag });
  let reply: StepReply;
  try {
    reply = await pools.run<StepReply>(
      task.maxMemoryMB,
      { task, port: port2, stopFlag },
      { transferList: [port2], signal: controller.signal },
    );
  } catch (error) {
    reply = { ok: false, error: failureFromPool(error, task), toolCalls: 0 };
  }
  // The worker closes its port after posting its last event; wait so no event trails the reply.
  await Promise.race([drained, delay(PORT_DRAIN_MS)]);
  port1.close();
  clearTimeout(running.get(id)?.graceTimer);
  running.delete(id);
  if (reply.ok && task.run) runResults.get(task.run.key)?.push(reply.result);
  await sendReply(id, reply);
}

function cancel(id: number): void {
  const step = running.get(id);
  if (!step) return;
  const control: WorkerControl = { kind: 'abort' };
  // The flag reaches a thread busy in synchronous work (its next tool call or memo sees it); the
  // message reaches one waiting on I/O. Either way the step stops itself, with no termination.
  Atomics.store(step.stopFlag, 0, 1);
  step.port.postMessage(control);
  // Terminate the thread if the capability does not stop on its own (a loop never yields).
  step.graceTimer = setTimeout(() => step.controller.abort(), ABORT_GRACE_MS);
}

async function shutdown(): Promise<void> {
  for (const step of running.values()) step.controller.abort();
  await Promise.race([pools.destroy(), delay(2000)]);
  process.exit(0);
}

process.on('message', (message: ToExecutor) => {
  if (message.type === 'run') void runTask(message.id, message.task);
  else if (message.type === 'cancel') cancel(message.id);
  else if (message.type === 'forget') runResults.delete(message.run);
  else if (message.type === 'shutdown') void shutdown();
});
// The daemon went away (crashed or exited without close()): do not linger as an orphan.
process.on('disconnect', () => void shutdown());

send({ type: 'ready', pid: process.pid });
