/**
 * The real `child_process.spawn`, taken when this module is first evaluated. The executor's worker
 * threads replace child_process's functions with refusals (core/executor/network-guard.ts imports this
 * module before it does, so the sandbox keeps the real one): inside a worker the sandbox is then the
 * only way a process starts.
 */
import childProcess from 'node:child_process';

export const hostSpawn: typeof childProcess.spawn = childProcess.spawn;
