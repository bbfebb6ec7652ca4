/**
 * Warm isolates for plugin steps, per worker thread: an isolate that ended a step cleanly goes back to
 * the pool and the next step of the same plugin (same entry, same memory limit) gets it with a fresh
 * context. What "cleanly" means is decided by run-plugin-step.ts (`release(…, reusable)`); the pool only
 * refuses what it can see itself: a disposed isolate, one that served `MAX_STEPS` steps, or one whose
 * heap after the step is over half its limit. Idle isolates are disposed after `IDLE_MS`, and with the
 * last of them the file texts kept for crossing (text-copies.ts).
 */
import { setFlagsFromString } from 'node:v8';
import type ivmModule from 'isolated-vm';
import { dropTextCopies } from './text-copies.js';

type Ivm = typeof ivmModule;

/** Steps one isolate may serve before it is disposed (heap fragmentation, leftovers of contexts). */
export const MAX_STEPS = 100;
/** Idle isolates kept per worker, all plugins together. */
export const MAX_IDLE = 4;
export const IDLE_MS = 30_000;
/** An isolate whose used heap after a step is over this share of its limit is not reused. */
const HEAP_SHARE = 0.5;

export interface Leased {
  isolate: ivmModule.Isolate;
  /** Steps this isolate served before this one (0: new). */
  reuses: number;
  /** The isolate's CPU time when the step took it, ns (cpuTime is cumulative over its steps). */
  cpuAtStart: bigint;
  key: string;
  /** What `release`'s `prepare` made ready for this step while the isolate was idle (a context), if anything. */
  prepared?: unknown;
}

interface Idle {
  isolate: ivmModule.Isolate;
  steps: number;
  key: string;
  since: number;
  prepared?: unknown;
}

const idle: Idle[] = [];
let sweeper: NodeJS.Timeout | undefined;
const counts = { created: 0, reused: 0, disposed: 0 };

function sweep(): void {
  const now = Date.now();
  for (let i = idle.length - 1; i >= 0; i--) {
    if (now - idle[i]!.since >= IDLE_MS) dispose(idle.splice(i, 1)[0]!.isolate);
  }
  if (idle.length === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
    dropTextCopies();
  }
}

function dispose(isolate: ivmModule.Isolate): void {
  counts.disposed++;
  if (!isolate.isDisposed) isolate.dispose();
}

/**
 * Makes an isolate whose old generation starts at half its memory limit instead of V8's small default.
 * A plugin step allocates a few MB it keeps to the end (the files it read, the nodes it made), and with
 * the default each step paid a full collection (the next one's limit is computed from the small heap
 * a fresh context leaves): measured on the bench's migrate-call over file.nodes, isolate CPU 32-34 ->
 * 24-25 ms. V8 reads the flag when it configures a heap, so it is set for this one construction and
 * set back (0: V8's own default) at once; the memory limit itself is unchanged. The flag is the
 * process's: an isolate another thread makes at that moment may start at another size, never with
 * another limit (an isolate of 16 MB made while the flag said 256 still stops at 16).
 */
function withInitialOldSpace<T>(memoryMB: number, make: () => T): T {
  setFlagsFromString(`--initial-old-space-size=${Math.max(1, Math.floor(memoryMB / 2))}`);
  try {
    return make();
  } finally {
    setFlagsFromString('--initial-old-space-size=0');
  }
}

/** An isolate for one step of the plugin `key` (its entry), warm if the pool holds one. */
export function lease(ivm: Ivm, key: string, memoryMB: number): Leased {
  const poolKey = `${memoryMB}\0${key}`;
  const at = idle.findIndex((entry) => entry.key === poolKey && !entry.isolate.isDisposed);
  if (at !== -1) {
    const [entry] = idle.splice(at, 1);
    counts.reused++;
    const { isolate, steps, prepared } = entry!;
    return { isolate, reuses: steps, cpuAtStart: isolate.cpuTime, key: poolKey, ...(prepared === undefined ? {} : { prepared }) };
  }
  counts.created++;
  const isolate = withInitialOldSpace(memoryMB, () => new ivm.Isolate({ memoryLimit: memoryMB }));
  return { isolate, reuses: 0, cpuAtStart: 0n, key: poolKey };
}

/**
 * After the step: back to the pool when `reusable` and the pool's own checks pass, else disposed. An
 * isolate kept idle runs `prepare` on the next turn of the event loop (after the step's reply is on its
 * way): the next step's context, run-plugin-step.ts. A preparation that throws leaves nothing, and the
 * step that takes the isolate prepares its own.
 */
export function release(leased: Leased, reusable: boolean, memoryMB: number, prepare?: (isolate: ivmModule.Isolate) => unknown): void {
  const { isolate } = leased;
  if (isolate.isDisposed) return;
  const steps = leased.reuses + 1;
  let fits = false;
  if (reusable && steps < MAX_STEPS) {
    try {
      fits = isolate.getHeapStatisticsSync().used_heap_size < memoryMB * 1024 * 1024 * HEAP_SHARE;
    } catch {
      fits = false;
    }
  }
  if (!fits) return dispose(isolate);
  const entry: Idle = { isolate, steps, key: leased.key, since: Date.now() };
  idle.push(entry);
  while (idle.length > MAX_IDLE) dispose(idle.shift()!.isolate);
  sweeper ??= setInterval(sweep, Math.min(IDLE_MS, 5_000)).unref();
  if (prepare)
    setImmediate(() => {
      // Still idle here (not taken by a step in between, not disposed): make its next context ready.
      if (!idle.includes(entry) || isolate.isDisposed) return;
      try {
        entry.prepared = prepare(isolate);
      } catch {
        entry.prepared = undefined;
      }
    });
}

/** What the pool did in this thread (tests and the bench). */
export function poolStats(): { created: number; reused: number; disposed: number; idle: number } {
  return { ...counts, idle: idle.length };
}

/** Disposes every idle isolate (tests; a worker shutting down). */
export function drainPool(): void {
  while (idle.length > 0) dispose(idle.pop()!.isolate);
  dropTextCopies();
}
