/**
 * The parts of a task job record (API.md, plus the `plan` the daemon's agent adds) that the agent
 * prompt reads. Every addition over API.md is optional, so an older daemon's records still render.
 */
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

export interface StagedChange {
  path: string;
  action: 'create' | 'modify' | 'delete';
  /** Unified diff of before -> after. */
  diff?: string;
  before?: string | null;
  after?: string | null;
}

export interface PlanStep {
  index: number;
  capability: string;
  target: string | null;
  summary: string;
  available: boolean;
  reason?: string;
  /** The roles the step's capability plays in plans (meta.planning.roles), e.g. 'build-structure'. */
  roles?: string[];
  /** The step's staged changes, when the daemon keeps them per step. */
  changes?: StagedChange[];
}

export interface TaskPlan {
  intent?: string;
  summary?: string;
  steps: PlanStep[];
  notes?: string[];
}

export interface JobStepRecord {
  index: number;
  capability: string;
  status: string;
  summary: string | null;
  changes?: StagedChange[];
}

export interface FindingRecord {
  ruleId: string;
  severity: Severity | string;
  message: string;
  file: string;
  range?: { startLine: number };
}

export interface TaskResult {
  summary?: string;
  /** All findings, or (lean records of larger results) the most severe 100: `counts` has the totals. */
  findings?: FindingRecord[];
  counts?: { findings: number; bySeverity?: Record<string, number>; changes: number };
  changes?: StagedChange[];
  artifacts?: { name: string }[];
  data?: unknown[];
  /** Next steps the agent proposes, when it says so. */
  suggestions?: string[];
}

export interface Turn {
  role: 'user' | 'agent';
  message: string;
  at?: string;
  /** Answers the agent understands, when the turn is a question. */
  options?: string[];
}

export interface TaskJob {
  id: string;
  status: string;
  kind?: string;
  task: string | null;
  mode?: 'approval' | 'auto';
  steps: JobStepRecord[];
  plan?: TaskPlan | null;
  /** The agent's open clarifying question; the next follow-up message answers it. */
  question?: { message: string; options: string[] } | null;
  progress?: { completedSteps: number; totalSteps: number; percent: number; message: string };
  result: TaskResult | null;
  error: { code: string; message: string } | null;
  turns: Turn[];
  usage?: { toolCalls?: number; durationMs?: number };
  /** Planned steps that did not run and why (non-empty when the job is `incomplete`). */
  notRun?: { index: number; capability: string; reason: string }[];
  createdAt?: string;
  updatedAt?: string;
}

export const FINAL_STATUSES = new Set(['succeeded', 'incomplete', 'failed', 'cancelled']);

/** The statuses at which a follower stops: the job ended or waits for the user. */
export const isSettled = (status: string): boolean => FINAL_STATUSES.has(status) || status === 'awaiting_approval';
