/**
 * POST /plans: what the agent would do for a task, as data, without creating a job. The planner runs
 * in an executor worker like a task job's planning (never on the daemon's event loop), on the
 * workspace the request names (or workspace.default), with the project-code marks the job would get.
 * Nothing is stored, queued or counted as a job.
 */
import { randomUUID } from 'node:crypto';
import { AgentdError, type CapabilityMeta, type Engine, type ErrorCode, type Limits } from '../../core/index.js';
import type { Plan } from '../../core/planner/index.js';
import { resolveJobWorkspace } from '../jobs/job-workspace.js';
import { projectCodePermission } from '../jobs/project-code-permission.js';
import { requestedWorkspace } from '../jobs/job-submission.js';
import type { NotRunStep } from '../jobs/job-record.js';
import { planInExecutor } from './plan-in-executor.js';
import { notRunOf, withProjectCodeMarks } from './plan-record.js';
import { planLines, questionTurn, unsupportedTurn } from './agent-turns.js';

export interface PlanRequest {
  task: string;
  workspace?: string;
  allowProjectCode?: boolean;
}

export interface PlanAnswer {
  outcome: 'plan' | 'question' | 'unsupported';
  workspace: string;
  permissions: { projectCode: boolean };
  plan: Plan | null;
  question: { message: string; options: string[] } | null;
  notRun: NotRunStep[];
  message: string;
}

export interface PlanOnlyDeps {
  engine: Engine;
  catalogue(): CapabilityMeta[];
  workspaceBase: string;
  defaultWorkspace: string | null;
  trustedWorkspaces: readonly string[];
  limits: Limits;
}

export class PlanOnly {
  constructor(private readonly deps: PlanOnlyDeps) {}

  async plan(request: PlanRequest): Promise<PlanAnswer> {
    const { deps } = this;
    const workspace = await resolveJobWorkspace(deps.workspaceBase, requestedWorkspace(deps, request));
    const projectCode = projectCodePermission(workspace.relative, request.allowProjectCode, deps.trustedWorkspaces);
    const catalogue = deps.catalogue();
    const stand = {
      id: `plan-${randomUUID()}`,
      limits: deps.limits,
      task: request.task,
      plan: null,
      turns: [{ role: 'user' as const, message: request.task, at: new Date().toISOString() }],
    };
    const planned = await planInExecutor(
      deps.engine,
      stand,
      workspace.root,
      catalogue,
      AbortSignal.timeout(deps.limits.maxExecutionTimeMin * 60_000),
    );
    if (!planned.ok) throw new AgentdError(planned.error.code as ErrorCode, planned.error.message);
    const base = { workspace: workspace.relative, permissions: { projectCode } };
    const outcome = planned.outcome;
    if (outcome.kind === 'question') {
      return {
        ...base,
        outcome: 'question',
        plan: null,
        question: { message: outcome.message, options: outcome.options },
        notRun: [],
        message: questionTurn(outcome),
      };
    }
    if (outcome.kind === 'unsupported')
      return { ...base, outcome: 'unsupported', plan: null, question: null, notRun: [], message: unsupportedTurn(outcome) };
    const plan = withProjectCodeMarks(outcome.plan, catalogue, projectCode);
    return { ...base, outcome: 'plan', plan, question: null, notRun: notRunOf(plan), message: planLines(plan) };
  }
}
