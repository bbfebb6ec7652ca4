/**
 * The real `child_process.spawn`, taken when this module is first evaluated. The executor's worker
 * threads replace child_process's functions with refusals (core/executor/worker-guard.ts imports this
 * module before it does, so the sandbox keeps the real one): inside a worker the sandbox is then the
 * only way a process starts.
 */
import childProcess, { type ChildProcess } from 'node:child_process';

/** Node's undocumented `ChildProcess#spawn(options)`, which every child_process function ends in. */
type PrototypeSpawn = (this: ChildProcess, options: unknown) => unknown;

const spawn = childProcess.spawn;
const prototypeSpawn = (childProcess.ChildProcess.prototype as unknown as { spawn: PrototypeSpawn }).spawn;
let spawning = false;

/** `child_process.spawn` as it was before any guard; the only caller allowed through `guardedPrototypeSpawn`. */
export const hostSpawn = ((...args: Parameters<typeof childProcess.spawn>): ChildProcess => {
  spawning = true;
  try {
    return spawn(...args);
  } finally {
    spawning = false;
  }
}) as typeof childProcess.spawn;

/**
 * A replacement for `ChildProcess.prototype.spawn` (what every child_process function ends in, and
 * what `new ChildProcess().spawn(...)` would reach directly): it starts a process only while
 * `hostSpawn` is on the stack, and otherwise throws what `refuse` makes.
 */
export function guardedPrototypeSpawn(refuse: () => Error): PrototypeSpawn {
  return function guardedSpawn(this: ChildProcess, options: unknown) {
    if (!spawning) throw refuse();
    return prototypeSpawn.call(this, options);
  };
}
