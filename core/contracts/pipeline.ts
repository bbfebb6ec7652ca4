/** Jobs as pipelines of capability steps, their limits and the events the engine emits. */
import type { Change, StepResult, Artifact, Finding } from './findings.js';

export interface Limits {
  maxMemoryMB: number;
  maxExecutionTimeMin: number;
  maxToolCalls: number;
}

export const DEFAULT_LIMITS: Limits = { maxMemoryMB: 2048, maxExecutionTimeMin: 60, maxToolCalls: 100 };

export interface PipelineStep {
  capability: string;
  input?: unknown;
}

export interface Pipeline {
  steps: PipelineStep[];
}

export type StepStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped' | 'cancelled';

export interface StepOutcome {
  index: number;
  capability: string;
  status: StepStatus;
  summary: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  result?: StepResult;
  /** What this step itself staged (against the overlay it started from), with unified diffs; set when it succeeded. */
  changes?: Change[];
}

export interface JobError {
  code: string;
  message: string;
}

export interface PipelineResult {
  summary: string;
  findings: Finding[];
  changes: Change[];
  artifacts: Artifact[];
  /** Per-step `data`, by step index. */
  data?: unknown[];
}

export type EngineEvent =
  | { type: 'step'; index: number; capability: string; status: StepStatus; summary?: string | null; at: string }
  | { type: 'progress'; completedSteps: number; totalSteps: number; percent: number; message: string; at: string }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; step?: number; at: string }
  | { type: 'done'; status: 'succeeded' | 'failed' | 'cancelled'; error?: JobError; at: string };

export type EngineEventListener = (event: EngineEvent) => void;
