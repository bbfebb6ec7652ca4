/**
 * Denies capabilities the ways to start code outside their thread: child processes (the sandbox in
 * core/sandbox is the one way, through ctx.tools.runCommand), new worker threads (a fresh thread would
 * not carry these guards), cluster workers, Node's internal bindings (`process.binding('spawn_sync')`
 * spawns without child_process) and the inspector (a session on the executor's main thread could run
 * anything there). Installed by worker-guard.ts in the step worker only.
 */
import childProcess from 'node:child_process';
import cluster from 'node:cluster';
import inspector from 'node:inspector';
import workerThreads from 'node:worker_threads';
import { AgentdError } from '../errors/index.js';
import { guardedPrototypeSpawn } from '../sandbox/host-spawn.js';
import { deny } from './network-guard.js';

function denied(what: string): AgentdError {
  return new AgentdError(
    'process_denied',
    `"${what}" is refused: a capability starts no process or thread of its own; run a program through ctx.tools.runCommand (agentd's sandbox, with the project-code permission).`,
  );
}

export function installProcessGuard(): void {
  deny(childProcess, ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork', '_forkChild'], 'child_process', denied);
  Object.defineProperty(childProcess.ChildProcess.prototype, 'spawn', {
    configurable: false,
    writable: false,
    value: guardedPrototypeSpawn(() => denied('child_process.ChildProcess#spawn')),
  });
  deny(cluster, ['fork', 'setupPrimary', 'setupMaster'], 'cluster', denied);
  deny(workerThreads, ['Worker'], 'worker_threads', denied);
  deny(inspector, ['open', 'Session', 'waitForDebugger'], 'inspector', denied);
  deny(process, ['binding', '_linkedBinding'], 'process', denied);
}
