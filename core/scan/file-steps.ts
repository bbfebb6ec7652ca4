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
 * Every first-party analysis check that walks trees has a step, so a scan keeps no tree. When a
 * selected check walks trees without one (a third party's), the trees are kept as before (that check
 * would otherwise build each file's tree a second time), and the steps still run as files arrive.
 */
import type { FileStepContext, ParsedFile, ProjectContext, RegisteredCapability } from '../contracts/index.js';
import { memoIn } from '../cache/thread-caches.js';
import { getProjectContext } from '../project/cached-project.js';
import { importByPath } from '../registry/module-source.js';
import { syntaxTreeOf, withYoungTree } from '../syntax/plain-tree.js';
import { listFilter, type RootWalker } from '../workspace/list-files.js';

type PerFile = (file: ParsedFile, ctx: FileStepContext, input: unknown) => void;

interface Step {
  perFile: PerFile;
  /** The input the scan planned for the check's run(): options shape its per-file entries. */
  input: unknown;
  /** Whether the check's input covers a source (its include and exclude): the step skips the others. */
  covers: (path: string) => boolean;
}

interface Arrivals {
  /** What every step gets; its `project` throws PROJECT_PENDING until the detection is back. */
  scope: FileStepContext;
  checks: Set<string>;
  project: ProjectContext | undefined;
  /** Steps that asked for the project before it was detected, by file: run once it is. */
  deferred: Map<ParsedFile, Step[]>;
  /** Files parsed before the checks were known; undefined once they are. */
  backlog: ParsedFile[] | undefined;
  steps: Step[];
  keepTrees: boolean;
  /** The project's detection, started with the parses (it is shared with the checks' contexts). */
  detection: Promise<ProjectContext | undefined>;
}

/** A check of the scan and the input the scan planned for it. */
export interface PlannedCheck {
  check: RegisteredCapability;
  input: { include?: unknown; exclude?: unknown };
}

/** One scan's arrivals, by the walk its prefetch and its checks share. */
const scans = new WeakMap<object, Arrivals>();

/** Thrown by a step's `ctx.project` while the project is still being detected: the step runs later. */
const PROJECT_PENDING = new Error('the project is still being detected');

/**
 * Called by the prefetch once per scan, before its parses start: returns what to call with each parsed
 * file. Until `startFileSteps` names the checks, files wait in a backlog (their parses are cached
 * anyway, and nothing of them is built).
 */
export function expectParses(walk: RootWalker, root: string): (file: ParsedFile) => void {
  const arrivals: Arrivals = {
    scope: {
      tools: { memo: memoIn(root) },
      get project(): ProjectContext {
        if (!arrivals.project) throw PROJECT_PENDING;
        return arrivals.project;
      },
      get checks(): ReadonlySet<string> {
        return arrivals.checks;
      },
    },
    checks: new Set(),
    project: undefined,
    deferred: new Map(),
    backlog: [],
    steps: [],
    keepTrees: true,
    detection: getProjectContext(root, walk).then(
      (project) => (arrivals.project = project),
      () => undefined,
    ),
  };
  scans.set(walk, arrivals);
  return (file) => {
    if (arrivals.backlog) arrivals.backlog.push(file);
    else runSteps(arrivals, file, arrivals.steps);
  };
}

function runSteps(arrivals: Arrivals, file: ParsedFile, steps: readonly Step[]): void {
  const run = (): void => {
    for (const step of steps) {
      if (!step.covers(file.path)) continue;
      try {
        step.perFile(file, arrivals.scope, step.input);
      } catch (error) {
        // A step that needs the project's facts waits for them (the tree is built again then);
        // anything else is lost to nobody: the check's run() computes what is missing and reports.
        if (error === PROJECT_PENDING) arrivals.deferred.set(file, [...(arrivals.deferred.get(file) ?? []), step]);
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
  const exports = (await importByPath(check.modulePath)) as { perFile?: unknown };
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
export async function startFileSteps(walk: RootWalker, planned: readonly PlannedCheck[], steps = true): Promise<void> {
  const arrivals = scans.get(walk);
  if (!arrivals?.backlog) return;
  const found = await Promise.all(
    planned.map(async ({ check, input }) => {
      const perFile = steps ? await perFileOf(check) : undefined;
      const covers = listFilter({ include: globs(input.include), exclude: globs(input.exclude) });
      return { check, step: perFile ? { perFile, input, covers } : undefined };
    }),
  );
  arrivals.checks = new Set(planned.map(({ check }) => check.meta.id));
  arrivals.steps = found.flatMap((f) => (f.step ? [f.step] : []));
  arrivals.keepTrees = found.some((f) => !f.step && parsesTrees(f.check));
  const backlog = arrivals.backlog;
  arrivals.backlog = undefined;
  for (const file of backlog) runSteps(arrivals, file, arrivals.steps);
}

/**
 * Runs the steps that asked for the project's facts before they were detected, once they are; runScan
 * awaits it before the checks' run(), which would otherwise compute those entries themselves. The
 * detection starts with the parses and is usually back before the checks are known; when it is not
 * (it waits for the main thread between its reads), the steps did not wait for it either.
 */
export async function fileStepsSettled(walk: RootWalker): Promise<void> {
  const arrivals = scans.get(walk);
  if (!arrivals) return;
  const project = await arrivals.detection;
  const deferred = [...arrivals.deferred];
  arrivals.deferred.clear();
  // Without it (an unreadable root), those steps never run: the checks' run() report the problem.
  if (project) for (const [file, steps] of deferred) runSteps(arrivals, file, steps);
}
