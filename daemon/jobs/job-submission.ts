/**
 * Turns a validated POST /jobs body into a new job record: workspace confinement, capability ids and
 * inputs checked against the registry, limits that may only be lowered. Everything a job needs is
 * checked here, before it is queued, so a queued job never fails for a reason known at submission.
 */
import { randomUUID } from 'node:crypto';
import { AgentdError, type ErrorDetail, type Limits, type PipelineStep } from '../../core/index.js';
import type { CapabilityRegistry } from '../../core/registry/index.js';
import { initialProgress, pendingSteps, type JobMode, type StoredJob } from './job-record.js';
import { confineInputPaths } from './input-paths.js';
import { resolveJobWorkspace } from './job-workspace.js';
import { projectCodePermission } from './project-code-permission.js';

export interface CreateJobBody {
  task?: string;
  capability?: string;
  input?: unknown;
  pipeline?: PipelineStep[];
  workspace?: string;
  mode?: JobMode;
  limits?: Partial<Limits>;
  idempotencyKey?: string;
  priority?: number;
  /** Run the workspace's own code (tests, scripts, ESLint/Prettier JS configs); default: whether the workspace is trusted. */
  allowProjectCode?: boolean;
}

export interface SubmissionContext {
  registry: CapabilityRegistry;
  workspaceBase: string;
  daemonLimits: Limits;
  /** security.trustedWorkspaces */
  trustedWorkspaces: readonly string[];
  /** workspace.default: the workspace of a job that names none; null refuses it (workspace_required). */
  defaultWorkspace: string | null;
}

/** The job's workspace: the one it names, else the configured default — never the whole root by accident. */
export function requestedWorkspace(context: Pick<SubmissionContext, 'defaultWorkspace'>, body: Pick<CreateJobBody, 'workspace'>): string {
  if (body.workspace !== undefined) return body.workspace;
  if (context.defaultWorkspace !== null) return context.defaultWorkspace;
  throw new AgentdError(
    'workspace_required',
    'The job names no "workspace" and the daemon has no workspace.default; send "workspace": a folder relative to workspace.path ("." for all of it), or set workspace.default (AGENTD_WORKSPACE_DEFAULT).',
  );
}

/** The body's steps with the JSON path each one came from (for error details). */
function stepsOf(body: CreateJobBody): { step: PipelineStep; at: string }[] {
  if (body.capability !== undefined) return [{ step: { capability: body.capability, input: body.input ?? {} }, at: '' }];
  return (body.pipeline ?? []).map((step, index) => ({
    step: { capability: step.capability, input: step.input ?? {} },
    at: `/pipeline/${index}`,
  }));
}

export function checkSteps(registry: CapabilityRegistry, body: CreateJobBody): PipelineStep[] {
  const located = stepsOf(body);
  const details: ErrorDetail[] = [];
  for (const { step, at } of located) {
    registry.require(step.capability); // unknown_capability with a "did you mean"
    const validation = registry.validateInput(step.capability, step.input);
    for (const error of validation.errors) {
      details.push({ path: `${at}/input${error.path === '/' ? '' : error.path}`, message: error.message });
    }
  }
  if (details.length > 0) {
    const where = details[0]!.path;
    throw new AgentdError('invalid_input', `The input at "${where}" does not match the capability's inputSchema; fix the listed fields.`, {
      details,
    });
  }
  return located.map(({ step }) => step);
}

export function lowerLimits(daemon: Limits, requested: Partial<Limits> | undefined): Limits {
  const limits = { ...daemon };
  const details: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(requested ?? {}) as [keyof Limits, number][]) {
    if (value > daemon[key]) details.push({ path: `/limits/${key}`, message: `must be at most ${daemon[key]} (the daemon's limit)` });
    else limits[key] = value;
  }
  if (details.length > 0) {
    const key = details[0]!.path.slice('/limits/'.length);
    throw new AgentdError(
      'validation_failed',
      `limits.${key} may only lower the daemon's limit of ${daemon[key as keyof Limits]}; send a smaller value or omit it.`,
      { details },
    );
  }
  return limits;
}

export async function buildJob(context: SubmissionContext, body: CreateJobBody): Promise<StoredJob> {
  const limits = lowerLimits(context.daemonLimits, body.limits);
  const steps = body.task === undefined ? checkSteps(context.registry, body) : [];
  const workspace = await resolveJobWorkspace(context.workspaceBase, requestedWorkspace(context, body));
  // A path in any step's input that leaves the workspace is refused now, whichever capability would read it.
  await confineInputPaths(workspace.root, steps, (index) => (body.capability !== undefined ? '' : `/pipeline/${index}`));
  const projectCode = projectCodePermission(workspace.relative, body.allowProjectCode, context.trustedWorkspaces);
  const now = new Date().toISOString();
  const records = pendingSteps(steps);
  return {
    id: randomUUID(),
    status: 'queued',
    kind: body.task === undefined ? 'pipeline' : 'task',
    task: body.task ?? null,
    mode: body.mode ?? 'approval',
    workspace: workspace.relative,
    steps: records,
    progress: initialProgress(records.length),
    result: null,
    error: null,
    turns: body.task === undefined ? [] : [{ role: 'user', message: body.task, at: now }],
    limits,
    permissions: { projectCode },
    usage: { toolCalls: 0, durationMs: 0 },
    attempts: 0,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    updatedAt: now,
    plan: null,
    question: null,
    internal: { priority: body.priority ?? 0, idempotencyKey: body.idempotencyKey ?? null, history: [], pendingApply: null },
  };
}
