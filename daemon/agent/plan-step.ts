/**
 * The daemon's internal planning step, run by the engine in an executor worker like a capability (a
 * module path and JSON in, JSON out) so that indexing the project — listing and parsing the workspace —
 * never blocks the daemon's event loop. It is not in the capability registry: /capabilities does not
 * list it and jobs cannot name it; only the agent flow runs it (see agent-steps.ts).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { buildProjectIndex, planTask, type Plan, type PlanOutcome, type Turn } from '../../core/planner/index.js';
import { defaultRoots, loadPlanned } from '../../core/registry/index.js';

/** The planned-but-unbuilt capabilities (capabilities/planned.ts), loaded once per worker. */
let planned: Promise<CapabilityMeta[]> | undefined;

export interface PlanStepInput {
  /** The message to plan: the task, or the latest follow-up turn. */
  task: string;
  /** Earlier turns of the session, oldest first, without `task`. */
  turns: Turn[];
  previousPlan: Plan | null;
  /** Metas of the registered capabilities (without their rule docs). */
  catalogue: CapabilityMeta[];
}

export interface PlanStepData {
  outcome: PlanOutcome;
}

/**
 * A well-formed id (group.name, the registry's id rule) that the registry reserves: a capability folder
 * that declares it stops the daemon at start (agent-steps.ts), so a plugin cannot stand in for the planner.
 */
export const PLAN_STEP_ID = 'analysis.plan-task';

export const meta = {
  id: PLAN_STEP_ID,
  group: 'analysis',
  title: 'Plan a task',
  description: 'Internal: indexes the workspace and turns the task into a plan, a question or "unsupported".',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
} satisfies CapabilityMeta;

export async function run(input: PlanStepInput, ctx: CapabilityContext): Promise<StepResult> {
  ctx.progress(10, 'indexing the project');
  const projectIndex = await buildProjectIndex(ctx);
  ctx.progress(80, 'planning');
  const outcome = planTask(input.task, {
    catalogue: input.catalogue,
    planned: await (planned ??= loadPlanned(defaultRoots())),
    projectIndex,
    turns: input.turns,
    ...(input.previousPlan ? { previousPlan: input.previousPlan } : {}),
  });
  const data: PlanStepData = { outcome };
  return { summary: `planned: ${outcome.kind}`, data };
}
