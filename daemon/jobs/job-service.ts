/**
 * What the REST routes ask of the job system: submit, read, list, cancel, follow up. Status changes go
 * through `store.update` mutators that check the current status, so a race (cancel vs. finish, two
 * follow-ups) resolves to one consistent record.
 */
import { hasFilter, listFiltered, type JobListFilter } from './job-list-filter.js';
import { AgentdError, quoteInput, type Limits } from '../../core/index.js';
import type { CapabilityRegistry } from '../../core/registry/index.js';
import type { JobEventBus } from '../events/event-bus.js';
import type { Queue } from '../queue/queue.js';
import type { JobPage, JobStore, ListJobsOptions } from './job-store.js';
import { isFinal, type JobOrigin, type JobStatus, type JobStep, type StoredJob } from './job-record.js';
import { buildJob, checkSteps, type CreateJobBody } from './job-submission.js';
import { readFollowUp, refineSteps } from './followup-refine.js';
import { confineInputPaths } from './input-paths.js';
import { resolveJobWorkspace } from './job-workspace.js';
import { publishDone, publishStatus } from './job-publish.js';
import { WorkspaceSizeMeter } from './workspace-size.js';
import { findingsPage, pendingFrom } from './job-result-parts.js';
import { findingFrame, type FindingFrame } from './finding-frame.js';
import { removeScratch, scratchFolder } from './job-scratch.js';

export interface JobServiceOptions {
  store: JobStore;
  queue: Queue;
  bus: JobEventBus;
  registry: CapabilityRegistry;
  workspaceBase: string;
  workspaceMaxBytes: number | null;
  workspaceMaxSize: string | null;
  limits: Limits;
  /** security.trustedWorkspaces: workspaces whose jobs may run project code by default. */
  trustedWorkspaces?: readonly string[];
  /** workspace.default: the workspace of a job that names none; null (or absent) refuses such a job. */
  defaultWorkspace?: string | null;
}

export type FollowUpBody = { message: string } | { action: 'approve' | 'reject' };

export class JobService {
  private accepting = true;
  private readonly sizeMeter: WorkspaceSizeMeter;

  constructor(private readonly options: JobServiceOptions) {
    this.sizeMeter = new WorkspaceSizeMeter(options.workspaceBase);
  }

  /** After this, submissions answer 503 (the daemon is shutting down). */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** `origin`: set by the GitHub App for the jobs its comments start (REST jobs have none). */
  async submit(body: CreateJobBody, origin?: JobOrigin): Promise<{ job: StoredJob; created: boolean }> {
    this.assertAccepting();
    await this.assertWorkspaceHasRoom();
    const { registry, workspaceBase, limits, store, queue, bus } = this.options;
    const built = await buildJob(
      {
        registry,
        workspaceBase,
        daemonLimits: limits,
        trustedWorkspaces: this.options.trustedWorkspaces ?? [],
        defaultWorkspace: this.options.defaultWorkspace ?? null,
      },
      body,
    );
    const job: StoredJob = origin ? { ...built, origin } : built;
    const stored = await store.create(job);
    if (stored.created) {
      try {
        await queue.enqueue(job.id, { priority: job.internal.priority });
      } catch (error) {
        await store.remove(job.id).catch(() => undefined);
        throw new AgentdError(
          'unavailable',
          `The queue backend refused the job (${(error as Error).message}); retry when GET /health is healthy.`,
          { cause: error },
        );
      }
      publishStatus(bus, stored.job);
    }
    return stored;
  }

  async get(id: string): Promise<StoredJob> {
    const job = await this.options.store.get(id);
    if (!job) throw new AgentdError('job_not_found', `No job has the id ${quoteInput(id)}; GET /jobs lists the known jobs.`);
    return job;
  }

  /** A page of summaries; with a capability, workspace or text filter see job-list-filter.ts. */
  list(options: ListJobsOptions, filter: JobListFilter = {}): Promise<JobPage> {
    return hasFilter(filter) ? listFiltered(this.options.store, options, filter) : this.options.store.list(options);
  }

  async cancel(id: string): Promise<StoredJob> {
    const now = new Date().toISOString();
    let previous: JobStatus | undefined;
    let applying = false;
    const job = await this.options.store.update(id, (current) => {
      previous = current.status;
      applying = Boolean(current.internal.applying);
      if (isFinal(current.status)) return undefined;
      // Writing has begun (job-apply.ts): it completes or is rolled back; the late request is noted.
      if (applying) return { ...current, internal: { ...current.internal, lateCancelAt: now } };
      return {
        ...current,
        status: 'cancelled',
        finishedAt: now,
        error: { code: 'cancelled', message: 'The job was cancelled by a DELETE request.' },
      };
    });
    if (!job) return this.get(id); // throws job_not_found
    if (isFinal(previous!)) {
      throw new AgentdError(
        'job_finished',
        `Job "${id}" already ${previous}; only queued, running or awaiting_approval jobs can be cancelled.`,
      );
    }
    if (applying) {
      throw new AgentdError(
        'apply_in_progress',
        `Job "${id}" is writing its changes to the workspace, too late to cancel: it will apply all of them, or roll every file back if a write fails, and then say which; GET /jobs/${id} shows the outcome.`,
      );
    }
    if (previous === 'running') {
      // The runner publishes `done` when the engine has actually stopped.
      await this.options.queue.requestCancel(id, 'cancelled');
    } else {
      if (previous === 'queued') await this.options.queue.remove(id);
      publishStatus(this.options.bus, job);
      publishDone(this.options.bus, job);
    }
    return job;
  }

  /**
   * Deletes a final job: its record, its result parts and its artifacts folder (DELETE
   * /jobs/:id?purge=true). A job that is not final is refused (cancel it first), atomically with the
   * deletion: a follow-up that re-queues the job meanwhile keeps it.
   */
  async purge(id: string): Promise<void> {
    const job = await this.get(id);
    if (!isFinal(job.status) || !(await this.options.store.removeFinished(id))) {
      const current = await this.get(id); // job_not_found when another request deleted it meanwhile
      throw new AgentdError(
        'job_not_finished',
        `Job "${id}" is ${current.status}; only finished jobs (succeeded, incomplete, failed, cancelled) can be deleted: cancel it first (DELETE /jobs/${id} without purge).`,
      );
    }
    await removeScratch(scratchFolder(this.options.workspaceBase, id));
  }

  /** The code frame of finding `index` of job `id` (finding-frame.ts). */
  async findingFrame(id: string, index: number, context: number): Promise<FindingFrame> {
    const job = await this.get(id);
    const finding = (await findingsPage(this.options.store, job, index, 1)).items[0];
    if (!finding) throw new AgentdError('not_found', `Job "${id}" has no finding ${index}; its record's result lists what it has.`);
    return findingFrame(this.options.workspaceBase, job, finding, context);
  }

  async followUp(id: string, body: FollowUpBody): Promise<StoredJob> {
    if ('action' in body && body.action === 'reject') return this.reject(id);
    this.assertAccepting();
    if ('action' in body) return this.approve(id);
    // A pipeline job has no planner: the message narrows its steps' input, asks for a re-run, or is refused.
    const refine = await this.pipelineRefinement(id, body.message);
    const now = new Date().toISOString();
    let previous: JobStatus | undefined;
    const job = await this.options.store.update(id, (current) => {
      previous = current.status;
      if (current.status === 'queued' || current.status === 'running') return undefined;
      const refined = refine?.(current.steps);
      const note = refined ? [{ role: 'agent' as const, message: refined.note, at: now }] : [];
      return {
        ...current,
        status: 'queued',
        finishedAt: null,
        error: null,
        ...(refined ? { steps: refined.steps } : {}),
        turns: [...current.turns, { role: 'user', message: body.message, at: now }, ...note],
        internal: { ...current.internal, pendingApply: null },
      };
    });
    if (!job) return this.get(id);
    if (previous === 'queued' || previous === 'running') {
      throw new AgentdError('job_running', `Job "${id}" is ${previous}; send the follow-up after it finishes.`);
    }
    return this.requeue(job);
  }

  /**
   * For a pipeline job: how the message changes its steps (null: run them again, as asked), checked
   * now — a message that is not understood, a folder that does not exist, a path that leaves the
   * workspace or an input the capability refuses answers 4xx and the job stays as it was.
   */
  private async pipelineRefinement(
    id: string,
    message: string,
  ): Promise<((steps: JobStep[]) => { steps: JobStep[]; note: string }) | null> {
    const job = await this.get(id);
    if (job.kind !== 'pipeline') return null;
    if (job.status === 'queued' || job.status === 'running')
      throw new AgentdError('job_running', `Job "${id}" is ${job.status}; send the follow-up after it finishes.`);
    const { root } = await resolveJobWorkspace(this.options.workspaceBase, job.workspace);
    const refinement = await readFollowUp(message, root);
    if (refinement.kind === 'rerun') return null;
    const refine = (steps: JobStep[]) =>
      refineSteps(steps, refinement, (capability) => this.options.registry.get(capability)?.meta, message);
    const steps = refine(job.steps).steps;
    checkSteps(this.options.registry, {
      pipeline: steps.map((step) => ({ capability: step.capability, input: step.input as Record<string, unknown> })),
    });
    await confineInputPaths(
      root,
      steps.map((step) => ({ capability: step.capability, input: step.input as Record<string, unknown> })),
      (index) => `/steps/${index}`,
    );
    return refine;
  }

  private async approve(id: string): Promise<StoredJob> {
    const job = await this.transitionFromApproval(id, (current, now) => ({
      ...current,
      status: 'queued',
      turns: [...current.turns, { role: 'user', message: 'approve', at: now }],
      internal: { ...current.internal, pendingApply: pendingFrom(current) },
    }));
    return this.requeue(job);
  }

  private async reject(id: string): Promise<StoredJob> {
    const job = await this.transitionFromApproval(id, (current, now) => ({
      ...current,
      status: 'cancelled',
      finishedAt: now,
      error: { code: 'cancelled', message: 'The staged changes were rejected; nothing was written.' },
      turns: [...current.turns, { role: 'user', message: 'reject', at: now }],
    }));
    publishStatus(this.options.bus, job);
    publishDone(this.options.bus, job);
    return job;
  }

  private async transitionFromApproval(id: string, next: (current: StoredJob, now: string) => StoredJob): Promise<StoredJob> {
    const now = new Date().toISOString();
    let previous: JobStatus | undefined;
    const job = await this.options.store.update(id, (current) => {
      previous = current.status;
      return current.status === 'awaiting_approval' ? next(current, now) : undefined;
    });
    if (!job) return this.get(id);
    if (previous !== 'awaiting_approval') {
      throw new AgentdError(
        'not_awaiting_approval',
        `Job "${id}" is ${previous}, not awaiting_approval; approve or reject only a job that waits for approval.`,
      );
    }
    return job;
  }

  private async requeue(job: StoredJob): Promise<StoredJob> {
    await this.options.queue.enqueue(job.id, { priority: job.internal.priority });
    publishStatus(this.options.bus, job);
    return job;
  }

  private assertAccepting(): void {
    if (!this.accepting)
      throw new AgentdError(
        'unavailable',
        'The daemon is shutting down and accepts no new jobs; submit the job to another instance or after the restart.',
      );
  }

  private async assertWorkspaceHasRoom(): Promise<void> {
    const { workspaceMaxBytes, workspaceMaxSize, workspaceBase } = this.options;
    if (workspaceMaxBytes === null) return;
    const bytes = await this.sizeMeter.bytes();
    if (bytes > workspaceMaxBytes) {
      throw new AgentdError(
        'unavailable',
        `Workspace "${workspaceBase}" holds ${bytes} bytes, over workspace.maxSize "${workspaceMaxSize ?? workspaceMaxBytes}"; free space in it or raise workspace.maxSize.`,
      );
    }
  }
}
