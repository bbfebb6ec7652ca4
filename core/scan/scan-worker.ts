/**
 * The scan's second thread: runs the checks it is sent, one after another, with its own parse cache
 * and memo (which stay warm between scans of one process, so a re-scan there is cheap too), and posts
 * back each check's run and result. Progress and log lines are forwarded as messages.
 */
import { parentPort } from 'node:worker_threads';
import { createToolBudget } from '../context/tool-budget.js';
import { runStep, type StepSpec } from './run-step.js';
import { adoptSharedParses } from './shared-parse.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

let cancel: AbortController | null = null;

async function handle(request: Extract<WorkerRequest, { type: 'run' }>): Promise<void> {
  cancel = new AbortController();
  const budget = createToolBudget(request.maxToolCalls);
  const post = (reply: WorkerReply): void => parentPort!.postMessage(reply);
  const hooks = {
    root: request.root,
    total: request.total,
    budget,
    projectCode: request.projectCode,
    signal: cancel.signal,
    onProgress: (progress: { percent: number; capability: string; message: string }) =>
      post({ type: 'progress', id: request.id, progress }),
    onLog: (capability: string, level: string, message: string) => post({ type: 'log', id: request.id, capability, level, message }),
  };
  const done: WorkerReply & { type: 'done' } = { type: 'done', id: request.id, steps: [], toolCalls: 0 };
  adoptSharedParses(request.parsed);
  for (const step of request.steps as StepSpec[]) {
    if (cancel.signal.aborted) break;
    done.steps.push({ index: step.index, ...(await runStep(step, hooks, [])) });
  }
  done.toolCalls = budget.used;
  post(done);
}

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.type === 'cancel') cancel?.abort();
  else void handle(request);
});
