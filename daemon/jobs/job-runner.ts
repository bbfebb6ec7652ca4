/**
 * Runs one claimed job: marks it running, runs its pipeline through the engine (or applies approved
 * changes), mirrors the engine's events into the record and onto the bus, and writes the end state.
 * Record writes of one run go through a single promise chain so they land in event order.
 */
import { applyChanges, type ApplyReceipt } from '../../core/workspace/index.js';
import type { EngineEvent, Engine } from '../../core/index.js';
import type { Logger } from '../logging/types.js';
import type { JobEventBus } from '../events/event-bus.js';
import type { Queue } from '../queue/queue.js';
import type { JobStore } from './job-store.js';
import { initialProgress, isFinal, type StoredJob } from './job-record.js';
import { applyRunEnd, errorOf, fromEngine, type RunEnd } from './job-outcome.js';
import { resolveJobWorkspace } from './job-workspace.js';
import { removeScratch, scratchFolder, writeArtifacts } from './job-scratch.js';
import { publishStatus, publishDone } from './job-publish.js';

export interface RunnerDeps {
  store: JobStore;
  queue: Queue;
  bus: JobEventBus;
  engine: Engine;
  logger: Logger;
  workspaceBase: string;
  cleanup: boolean;
}

const PLANNER_UNAVAILABLE =
  'The planner is not available yet, so the free-text task "%s" cannot be planned; submit a capability or pipeline job instead.';

export class JobRunner {
  constructor(private readonly deps: RunnerDeps) {}

  async run(jobId: string, signal: AbortSignal): Promise<void> {
    const job = await this.markRunning(jobId);
    if (!job) {
      await this.deps.queue.ack(jobId); // cancelled while it waited: nothing to run
      return;
    }
    publishStatus(this.deps.bus, job);
    const writes = new WriteChain(this.deps.store, jobId, this.deps.logger);
    let end: RunEnd;
    try {
      end = await this.execute(job, signal, writes);
    } catch (error) {
      end = { status: 'failed', error: errorOf(error), agentMessage: errorOf(error).message };
    }
    await writes.idle();
    await this.finish(job, end);
  }

  private async markRunning(jobId: string): Promise<StoredJob | null> {
    const now = new Date().toISOString();
    let started = false;
    const job = await this.deps.store.update(jobId, (current) => {
      started = current.status === 'queued';
      if (!started) return undefined;
      const applying = current.internal.pendingApply !== null;
      return {
        ...current, status: 'running', attempts: current.attempts + 1, startedAt: now, finishedAt: null, error: null,
        result: applying ? current.result : null,
        steps: applying ? current.steps : current.steps.map((step) => ({ ...step, status: 'pending', summary: null, startedAt: null, finishedAt: null })),
        progress: applying ? { ...current.progress, message: 'applying approved changes' } : initialProgress(current.steps.length),
        usage: applying ? current.usage : { toolCalls: 0, durationMs: 0 },
      };
    });
    return started ? job : null;
  }

  private async execute(job: StoredJob, signal: AbortSignal, writes: WriteChain): Promise<RunEnd> {
    if (job.internal.pendingApply) return this.applyApproved(job);
    if (job.kind === 'task') {
      const message = PLANNER_UNAVAILABLE.replace('%s', (job.task ?? '').slice(0, 80));
      return { status: 'failed', error: { code: 'planner_unavailable', message }, agentMessage: message };
    }
    const { root } = await resolveJobWorkspace(this.deps.workspaceBase, job.workspace);
    const outcome = await this.deps.engine.run(
      {
        jobId: job.id, root, limits: job.limits, apply: job.mode === 'auto',
        steps: job.steps.map((step) => ({ capability: step.capability, input: step.input })),
        previous: job.internal.history, turns: job.turns,
      },
      { signal, onEvent: (event) => this.onEngineEvent(job.id, event, writes) },
    );
    return fromEngine(job, outcome, signal.aborted ? signal.reason : undefined);
  }

  private async applyApproved(job: StoredJob): Promise<RunEnd> {
    const { root } = await resolveJobWorkspace(this.deps.workspaceBase, job.workspace);
    const changes = job.internal.pendingApply ?? [];
    const receipt: ApplyReceipt = await applyChanges(root, changes);
    const message = `Applied ${receipt.entries.length} approved change(s) to "${job.workspace}".`;
    return { status: 'succeeded', error: null, applied: true, agentMessage: message };
  }

  private onEngineEvent(jobId: string, event: EngineEvent, writes: WriteChain): void {
    const { bus, logger } = this.deps;
    if (event.type === 'step') {
      bus.publish({ type: 'step', jobId, index: event.index, capability: event.capability, status: event.status, summary: event.summary ?? null, at: event.at });
      writes.push((current) => {
        const steps = current.steps.map((step) => (step.index !== event.index ? step : {
          ...step, status: event.status, summary: event.summary ?? step.summary,
          startedAt: event.status === 'running' ? event.at : step.startedAt,
          finishedAt: event.status === 'running' || event.status === 'pending' ? null : event.at,
        }));
        return { ...current, steps };
      });
    } else if (event.type === 'progress') {
      const { completedSteps, totalSteps, percent, message } = event;
      bus.publish({ type: 'progress', jobId, completedSteps, totalSteps, percent, message, at: event.at });
      writes.push((current) => ({ ...current, progress: { completedSteps, totalSteps, percent, message } }));
    } else if (event.type === 'log') {
      bus.publish({ type: 'log', jobId, level: event.level, message: event.message, step: event.step, at: event.at });
      logger[event.level](event.message, { jobId, step: event.step });
    }
    // The engine's own `done` is not forwarded: the job is done only when its record says so.
  }

  private async finish(job: StoredJob, end: RunEnd): Promise<void> {
    const { store, queue, bus, logger } = this.deps;
    // Artifacts land (and scratch is cleaned) before the record says the job ended, so a client that
    // sees the final status also sees the folder in its final state.
    await this.handleScratch(job.id, end.result?.artifacts ?? []);
    const now = new Date().toISOString();
    const saved = await store.update(job.id, (current) => applyRunEnd(current, end, now));
    await queue.ack(job.id).catch(() => undefined);
    if (!saved) return;
    publishStatus(bus, saved);
    if (isFinal(saved.status)) publishDone(bus, saved);
    logger.info(`job ${saved.status}`, { jobId: saved.id, status: saved.status, error: saved.error?.code, attempts: saved.attempts });
  }

  private async handleScratch(jobId: string, artifacts: import('../../core/index.js').Artifact[]): Promise<void> {
    const folder = scratchFolder(this.deps.workspaceBase, jobId);
    try {
      if (artifacts.length > 0) await writeArtifacts(folder, artifacts);
      if (this.deps.cleanup) await removeScratch(folder);
    } catch (error) {
      this.deps.logger.warn('job scratch folder could not be written or removed', { jobId, folder, error: (error as Error).message });
    }
  }
}

/** Serialises one run's record writes; a failed write is logged and does not stop the next. */
class WriteChain {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: JobStore, private readonly jobId: string, private readonly logger: Logger) {}

  push(mutate: (current: StoredJob) => StoredJob): void {
    this.tail = this.tail
      .then(() => this.store.update(this.jobId, (current) => (current.status === 'running' ? mutate(current) : undefined)))
      .catch((error: unknown) => this.logger.warn('job record update failed', { jobId: this.jobId, error: (error as Error).message }));
  }

  idle(): Promise<unknown> {
    return this.tail;
  }
}
