/**
 * Runs one claimed job: marks it running, runs its pipeline through the engine (or applies approved
 * changes; task jobs go through the agent flow, daemon/agent/task-flow.ts), mirrors the engine's events into the record and onto the bus, and writes the end state.
 * Record writes of one run go through a single promise chain so they land in event order.
 */
import { applyChanges, type ApplyReceipt } from '../../core/workspace/index.js';
import type { CapabilityMeta, EngineEvent, Engine } from '../../core/index.js';
import { TaskFlow } from '../agent/task-flow.js';
import type { Logger } from '../logging/types.js';
import type { JobEventBus } from '../events/event-bus.js';
import type { Queue } from '../queue/queue.js';
import type { JobStore } from './job-store.js';
import { initialProgress, isFinal, lostJob, permissionsOf, runOf, type StoredJob } from './job-record.js';
import { applyRunEnd, errorOf, fromEngine, type RunEnd } from './job-outcome.js';
import { resolveJobWorkspace } from './job-workspace.js';
import { JobApply, recoverJobJournal } from './job-apply.js';
import { appendHistory, approvedChanges, storeResult, workingCopy } from './job-result-parts.js';
import { isLeanResult } from './job-result.js';
import { removeScratch, scratchFolder, writeArtifacts } from './job-scratch.js';
import { publishStatus, publishDone } from './job-publish.js';
import type { RecordCodec } from '../security/record-codec.js';
import { SecretRedactor } from '../logging/redact.js';

export interface RunnerDeps {
  store: JobStore;
  queue: Queue;
  bus: JobEventBus;
  engine: Engine;
  logger: Logger;
  workspaceBase: string;
  cleanup: boolean;
  /** Seals artifacts written to scratch folders when security.encryption is enabled. */
  codec?: RecordCodec;
  /** The registered capabilities the planner plans with (the registry's `list()`); default none. */
  catalogue?: () => CapabilityMeta[];
  /** Removes the daemon's secrets from what a run writes into the record and publishes (default: nothing to remove). */
  redactor?: SecretRedactor;
}

/** A job whose daemon died this many runs in a row is failed (worker_lost) instead of run again. */
export const MAX_LOST_RUNS = 2;

function workerLost(current: StoredJob, now: string): StoredJob {
  const runs = (current.internal.lostRuns ?? 0) + 1;
  const message = `Job "${current.id}" was lost with the daemon running it ${runs} times in a row (it may be crashing its worker); it is failed instead of retried, submit it again after checking the daemon logs.`;
  const lost = lostJob(current, now, message);
  return { ...lost, internal: { ...lost.internal, lostRuns: runs } };
}

export class JobRunner {
  private readonly tasks: TaskFlow;

  private readonly redactor: SecretRedactor;

  constructor(private readonly deps: RunnerDeps) {
    this.tasks = new TaskFlow({ engine: deps.engine, catalogue: deps.catalogue ?? (() => []) });
    this.redactor = deps.redactor ?? new SecretRedactor([]);
  }

  async run(jobId: string, signal: AbortSignal): Promise<void> {
    const job = await this.markRunning(jobId);
    if (!job) {
      await this.deps.queue.ack(jobId); // cancelled while it waited: nothing to run
      return;
    }
    publishStatus(this.deps.bus, job);
    const writes = new WriteChain(this.deps.store, job, this.deps.logger);
    // Progress never goes backwards within a run, nor from where the staging run left an approved job.
    const floor: ProgressFloor = { completedSteps: job.progress.completedSteps, percent: job.progress.percent };
    const apply = new JobApply(this.deps.store, job, this.deps.workspaceBase, () => writes.idle());
    let end: RunEnd;
    try {
      // A lost earlier run may have left a half-applied change set: finished or rolled back first.
      await recoverJobJournal(this.deps.workspaceBase, job.id, this.deps.logger);
      end = await this.execute(await workingCopy(this.deps.store, job), signal, writes, apply, floor);
    } catch (error) {
      end = { status: 'failed', error: errorOf(error), agentMessage: errorOf(error).message };
    }
    await writes.idle();
    await this.finish(job, this.redacted(end));
    await apply
      .discard()
      .catch((error: unknown) =>
        this.deps.logger.warn('the apply journal could not be removed', { jobId, error: (error as Error).message }),
      );
  }

  /**
   * Whatever a capability or project code printed, the daemon's secrets never reach the record — except
   * inside the staged changes, which are the user's own files and are written back as they are on
   * approval (answers and events still redact them on the way out).
   */
  private redacted(end: RunEnd): RunEnd {
    const copy = this.redactor.value(end);
    if (end.result && copy.result) copy.result = { ...copy.result, changes: end.result.changes } as typeof copy.result;
    return copy;
  }

  /**
   * queued -> running. A claimed job whose record already says `running` was being run by a daemon
   * that died (its queue lock lapsed and the queue handed the job out again): it re-runs from its
   * first step, unless that has happened MAX_LOST_RUNS times in a row, when it fails with worker_lost.
   */
  private async markRunning(jobId: string): Promise<StoredJob | null> {
    const now = new Date().toISOString();
    let outcome = 'skipped' as 'started' | 'lost' | 'skipped';
    const job = await this.deps.store.update(jobId, (current) => {
      const recovered = current.status === 'running';
      if (current.status !== 'queued' && !recovered) {
        outcome = 'skipped';
        return undefined;
      }
      const lostRuns = recovered ? (current.internal.lostRuns ?? 0) + 1 : 0;
      outcome = lostRuns > MAX_LOST_RUNS ? 'lost' : 'started';
      if (outcome === 'lost') return workerLost(current, now);
      const applying = current.internal.pendingApply !== null;
      // An approval's apply run continues the attempt that staged the changes (unless a lost run is retried).
      const attempts = applying && !recovered ? current.attempts : current.attempts + 1;
      return {
        ...current,
        status: 'running',
        attempts,
        startedAt: now,
        finishedAt: null,
        error: null,
        result: applying ? current.result : null,
        steps: applying
          ? current.steps
          : current.steps.map((step) => ({ ...step, status: 'pending', summary: null, startedAt: null, finishedAt: null })),
        progress: applying ? { ...current.progress, message: 'applying approved changes' } : initialProgress(current.steps.length),
        usage: applying ? current.usage : { toolCalls: 0, durationMs: 0 },
        internal: { ...current.internal, lostRuns, run: runOf(current) + 1 },
      };
    });
    if (outcome === 'lost' && job) this.announceEnd(job);
    if (outcome !== 'started' || !job) return null;
    this.deps.logger.info('job started', { jobId, attempts: job.attempts, recovered: (job.internal.lostRuns ?? 0) > 0 });
    return job;
  }

  private async execute(job: StoredJob, signal: AbortSignal, writes: WriteChain, apply: JobApply, floor: ProgressFloor): Promise<RunEnd> {
    if (job.kind === 'task') {
      const { root } = await resolveJobWorkspace(this.deps.workspaceBase, job.workspace);
      return this.tasks.run({
        job,
        root,
        signal,
        apply,
        onEvent: (event) => this.onEngineEvent(job.id, event, writes, floor),
        patch: (mutate) => writes.push(mutate),
      });
    }
    if (job.internal.pendingApply) return this.applyApproved(job, signal, apply);
    const { root } = await resolveJobWorkspace(this.deps.workspaceBase, job.workspace);
    const outcome = await this.deps.engine.run(
      {
        jobId: job.id,
        root,
        limits: job.limits,
        apply: job.mode === 'auto',
        permissions: permissionsOf(job),
        journalPath: apply.journalPath,
        steps: job.steps.map((step) => ({ capability: step.capability, input: step.input })),
        previous: job.internal.history,
        turns: job.turns,
      },
      { signal, onEvent: (event) => this.onEngineEvent(job.id, event, writes, floor), beginApply: () => apply.begin() },
    );
    return fromEngine(job, outcome, signal.aborted ? signal.reason : undefined);
  }

  private async applyApproved(job: StoredJob, signal: AbortSignal, apply: JobApply): Promise<RunEnd> {
    const { root } = await resolveJobWorkspace(this.deps.workspaceBase, job.workspace);
    const changes = approvedChanges(job);
    if (signal.aborted || !(await apply.begin(changes.length))) {
      return {
        status: 'cancelled',
        error: { code: 'cancelled', message: 'The job was cancelled before its approved changes were written; nothing was written.' },
        agentMessage: 'Cancelled before writing; nothing was written.',
      };
    }
    const receipt: ApplyReceipt = await applyChanges(root, changes, { journal: { path: apply.journalPath, jobId: job.id } });
    const message = receipt.alreadyApplied
      ? `The ${changes.length} approved change(s) were already in "${job.workspace}" (an earlier run wrote them before it stopped); nothing more was written.`
      : `Applied ${receipt.entries.length} approved change(s) to "${job.workspace}".`;
    // The apply run carries on the staging run: what that run left undone still was.
    return { status: 'succeeded', error: null, applied: true, agentMessage: message, notRun: job.notRun ?? [] };
  }

  private onEngineEvent(jobId: string, raw: EngineEvent, writes: WriteChain, floor: ProgressFloor): void {
    const { bus, logger } = this.deps;
    const event = this.redactor.value(raw);
    if (event.type === 'step') {
      writes.push(
        (current) => {
          const steps = current.steps.map((step) =>
            step.index !== event.index
              ? step
              : {
                  ...step,
                  status: event.status,
                  summary: event.summary ?? step.summary,
                  startedAt: event.status === 'running' ? event.at : step.startedAt,
                  finishedAt: event.status === 'running' || event.status === 'pending' ? null : event.at,
                },
          );
          return { ...current, steps };
        },
        () =>
          bus.publish({
            type: 'step',
            jobId,
            index: event.index,
            capability: event.capability,
            status: event.status,
            summary: event.summary ?? null,
            at: event.at,
          }),
      );
    } else if (event.type === 'progress') {
      const { totalSteps, message } = event;
      // A capability's own percent, or a later run over part of the plan, may report less than was shown.
      const completedSteps = (floor.completedSteps = Math.max(floor.completedSteps, event.completedSteps));
      const percent = (floor.percent = Math.max(floor.percent, event.percent));
      writes.push(
        (current) => ({ ...current, progress: { completedSteps, totalSteps, percent, message } }),
        () => bus.publish({ type: 'progress', jobId, completedSteps, totalSteps, percent, message, at: event.at }),
      );
    } else if (event.type === 'log') {
      // In line with the step and progress events queued before it (a step's log never precedes its "running").
      writes.publish(() => bus.publish({ type: 'log', jobId, level: event.level, message: event.message, step: event.step, at: event.at }));
      logger[event.level](event.message, { jobId, step: event.step });
    }
    // The engine's own `done` is not forwarded: the job is done only when its record says so.
  }

  private async finish(job: StoredJob, run: RunEnd): Promise<void> {
    const { store, queue, logger } = this.deps;
    // Artifacts land (and scratch is cleaned) before the record says the job ended, so a client that
    // sees the final status also sees the folder in its final state.
    await this.handleScratch(job.id, run.result && !isLeanResult(run.result) ? run.result.artifacts : []);
    const end = await this.storeParts(job, run);
    const now = new Date().toISOString();
    let fenced = false;
    const saved = await store.update(job.id, (current) => {
      // Another daemon took the job over (this one lost its queue lock): its run owns the record now.
      fenced = runOf(current) !== runOf(job);
      return fenced ? undefined : applyRunEnd(current, end, now);
    });
    await queue.ack(job.id).catch(() => undefined);
    if (!saved) return;
    if (fenced) {
      logger.warn('job result discarded: another daemon re-ran the job', { jobId: job.id, attempts: job.attempts, run: runOf(job) });
      return;
    }
    this.announceEnd(saved);
  }

  /**
   * The run's result and step history go to the store's parts, before the record says the run ended
   * (a client that sees the end can read them); the record keeps the lean result. A run that lost the
   * job to another daemon stores nothing: the other run owns the parts.
   */
  private async storeParts(job: StoredJob, end: RunEnd): Promise<RunEnd> {
    const { store } = this.deps;
    const current = await store.get(job.id);
    if (!current || runOf(current) !== runOf(job)) return end;
    const result = end.result && !isLeanResult(end.result) ? await storeResult(store, job.id, end.result) : end.result;
    if (end.history?.length) await appendHistory(store, job.id, end.history);
    return { ...end, result, history: [] };
  }

  private announceEnd(saved: StoredJob): void {
    publishStatus(this.deps.bus, saved);
    if (isFinal(saved.status)) publishDone(this.deps.bus, saved);
    this.deps.logger.info(`job ${saved.status}`, {
      jobId: saved.id,
      status: saved.status,
      error: saved.error?.code,
      attempts: saved.attempts,
    });
  }

  private async handleScratch(jobId: string, artifacts: import('../../core/index.js').Artifact[]): Promise<void> {
    const folder = scratchFolder(this.deps.workspaceBase, jobId);
    try {
      if (artifacts.length > 0) await writeArtifacts(folder, artifacts, this.deps.codec);
      if (this.deps.cleanup) await removeScratch(folder);
    } catch (error) {
      this.deps.logger.warn('job scratch folder could not be written or removed', { jobId, folder, error: (error as Error).message });
    }
  }
}

/** The highest progress a run has shown so far. */
interface ProgressFloor {
  completedSteps: number;
  percent: number;
}

/** Serialises one run's record writes; a failed write is logged and does not stop the next. */
class WriteChain {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: JobStore,
    private readonly run: StoredJob,
    private readonly logger: Logger,
  ) {}

  /**
   * `publish` runs once the write has landed (or failed): an SSE client subscribes before it reads the
   * record, so an event is either in the record it reads or arrives after — never published before
   * the write and then missing from both (a follower attaching between the two lost progress lines).
   */
  push(mutate: (current: StoredJob) => StoredJob, publish?: () => void): void {
    const { id } = this.run;
    const run = runOf(this.run);
    this.tail = this.tail
      .then(() =>
        this.store.update(id, (current) => (current.status === 'running' && runOf(current) === run ? mutate(current) : undefined)),
      )
      .catch((error: unknown) => this.logger.warn('job record update failed', { jobId: id, error: (error as Error).message }))
      .then(() => publish?.())
      .catch((error: unknown) => this.logger.warn('job event could not be published', { jobId: id, error: (error as Error).message }));
  }

  /** Publishes an event that has no record write, after those queued before it. */
  publish(publish: () => void): void {
    this.tail = this.tail
      .then(() => publish())
      .catch((error: unknown) =>
        this.logger.warn('job event could not be published', { jobId: this.run.id, error: (error as Error).message }),
      );
  }

  idle(): Promise<unknown> {
    return this.tail;
  }
}
