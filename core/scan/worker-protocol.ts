/** Messages between runScan and its scan worker (plain, structured-cloneable data). */
import type { StepResult } from '../contracts/index.js';
import type { CapabilityRun } from '../report/index.js';
import type { StepSpec } from './run-step.js';
import type { SharedParse } from './shared-parse.js';

export type WorkerRequest =
  | {
      type: 'run';
      id: number;
      root: string;
      total: number;
      maxToolCalls: number;
      projectCode: boolean;
      steps: StepSpec[];
      parsed: SharedParse[];
    }
  | { type: 'cancel' };

export type WorkerReply =
  | { type: 'progress'; id: number; progress: { percent: number; capability: string; message: string } }
  | { type: 'log'; id: number; capability: string; level: string; message: string }
  | { type: 'done'; id: number; steps: { index: number; run: CapabilityRun; result?: StepResult }[]; toolCalls: number };
