/**
 * A scan's per-file steps (`Capability.perFile`), run as each file's parse arrives rather than check
 * by check once every file is parsed. What that buys is memory traffic, not fewer steps: a check's
 * run() walks every file's tree, so trees made for the checks had to live until the last check ran
 * (~100 MB for 141k lines), and V8's young-generation collector copied each of them on its way to
 * the old generation — with its helper threads, about a quarter of a scan's CPU. Made, used by every
 * selected check's per-file step and dropped one file at a time, a tree dies young and costs the
 * collector nothing; the checks' run() then find their per-file results memoised. Measured on the
 * bench corpus: docs/scan.md, "Speed".
 *
 * When a selected check walks trees without per-file steps, the trees are kept as before (that check
 * would otherwise build each file's tree a second time), and the steps still run as files arrive.
 */
import { pathToFileURL } from 'node:url';
import type { MemoScope, ParsedFile, RegisteredCapability } from '../contracts/index.js';
import { memoIn } from '../cache/thread-caches.js';
import { syntaxTreeOf, withYoungTree } from '../syntax/plain-tree.js';
import { listFilter } from '../workspace/list-files.js';

type PerFile = (file: ParsedFile, ctx: MemoScope) => void;

interface Step {
  perFile: PerFile;
  /** Whether the check's input covers a source (its include and exclude): the step skips the others. */
  covers: (path: string) => boolean;
}

interface Arrivals {
  scope: MemoScope;
  /** Files parsed before the checks were known; undefined once they are. */
  backlog: ParsedFile[] | undefined;
  steps: Step[];
  keepTrees: boolean;
}

/** A check of the scan and the input the scan planned for it. */
export interface PlannedCheck {
  check: RegisteredCapability;
  input: { include?: unknown; exclude?: unknown };
}

/** One scan's arrivals, by the walk its prefetch and its checks share. */
const scans = new WeakMap<object, Arrivals>();

/**
 * Called by the prefetch once per scan, before its parses start: returns what to call with each parsed
 * file. Until `startFileSteps` names the checks, files wait in a backlog (their parses are cached
 * anyway, and nothing of them is built).
 */
export function expectParses(walk: object, root: string): (file: ParsedFile) => void {
  const arrivals: Arrivals = { scope: { tools: { memo: memoIn(root) } }, backlog: [], steps: [], keepTrees: true };
  scans.set(walk, arrivals);
  return (file) => {
    if (arrivals.backlog) arrivals.backlog.push(file);
    else runSteps(arrivals, file);
  };
}

function runSteps(arrivals: Arrivals, file: ParsedFile): void {
  const { steps, scope } = arrivals;
  const run = (): void => {
    for (const step of steps) {
      if (!step.covers(file.path)) continue;
      try {
        step.perFile(file, scope);
      } catch {
        // Nothing is lost: the check's run() computes what is missing and reports any problem itself.
      }
    }
  };
  if (arrivals.keepTrees) {
    syntaxTreeOf(file);
    run();
  } else withYoungTree(file, run);
}

/** Whether a selected check walks syntax trees (its meta says so, or says nothing). */
function parsesTrees(check: RegisteredCapability): boolean {
  const parses = check.meta.execution?.parses;
  return parses === undefined || parses === 'syntax-tree';
}

async function perFileOf(check: RegisteredCapability): Promise<PerFile | undefined> {
  // A plugin's check runs in its own executor: its module is the runner, not the check.
  if (check.binding !== undefined) return undefined;
  const exports = (await import(pathToFileURL(check.modulePath).href)) as { perFile?: unknown };
  return typeof exports.perFile === 'function' ? (exports.perFile as PerFile) : undefined;
}

const globs = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;

/**
 * Called by runScan once its checks and their inputs are planned: runs the backlog's per-file steps,
 * then each later file's as it arrives, each only for the sources its check's input covers (a check
 * that leaves test code out gets no step for a test file). `steps: false` (checks that may run in a
 * second thread, whose memo is its own) only keeps the trees, as before. A scan whose prefetch did not
 * run (a changed-files scan, no flat-tree addon) has nothing to start.
 */
export async function startFileSteps(walk: object, planned: readonly PlannedCheck[], steps = true): Promise<void> {
  const arrivals = scans.get(walk);
  if (!arrivals?.backlog) return;
  const found = await Promise.all(
    planned.map(async ({ check, input }) => {
      const perFile = steps ? await perFileOf(check) : undefined;
      const covers = listFilter({ include: globs(input.include), exclude: globs(input.exclude) });
      return { check, step: perFile ? { perFile, covers } : undefined };
    }),
  );
  arrivals.steps = found.flatMap((f) => (f.step ? [f.step] : []));
  arrivals.keepTrees = found.some((f) => !f.step && parsesTrees(f.check));
  const backlog = arrivals.backlog;
  arrivals.backlog = undefined;
  for (const file of backlog) runSteps(arrivals, file);
}
