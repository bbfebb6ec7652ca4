/**
 * A context in the current thread with sensible defaults: for capability tests and the CLI's embedded
 * mode, where no engine or worker is involved.
 */
import {
  DEFAULT_LIMITS,
  type ContextHandle,
  type ContextOptions,
  type Limits,
  type LogLevel,
  type Permissions,
  type StagedEntry,
  type StepResult,
  type ToolBudget,
} from '../contracts/index.js';
import { createCapabilityContext } from './create-context.js';
import { createToolBudget } from './tool-budget.js';

export interface LocalContextOptions {
  root: string;
  jobId?: string;
  stepIndex?: number;
  staged?: StagedEntry[];
  previous?: StepResult[];
  signal?: AbortSignal;
  /** Default: no project code (a capability test opts in, the CLI decides from --no-project-code). */
  permissions?: Permissions;
  limits?: Partial<Limits>;
  /** Shares a budget between several local steps; default: a fresh one of `limits.maxToolCalls`. */
  budget?: ToolBudget;
  onLog?: (level: LogLevel, message: string) => void;
  onProgress?: (percent: number, message?: string) => void;
  /** Shares one walk of the root between several local contexts (a scan's checks); default: each list() walks. */
  walk?: ContextOptions['walk'];
  /** What `ctx.invoke` may run (the registry's `invokeScope(id)`); default: nothing. */
  invoke?: ContextOptions['invoke'];
}

export interface LocalContextHandle extends ContextHandle {
  budget: ToolBudget;
}

export async function createLocalContext(options: LocalContextOptions): Promise<LocalContextHandle> {
  const budget = options.budget ?? createToolBudget(options.limits?.maxToolCalls ?? DEFAULT_LIMITS.maxToolCalls);
  const handle = await createCapabilityContext({
    jobId: options.jobId ?? 'local',
    stepIndex: options.stepIndex ?? 0,
    root: options.root,
    staged: options.staged ?? [],
    previous: options.previous ?? [],
    signal: options.signal ?? new AbortController().signal,
    permissions: options.permissions ?? { projectCode: false },
    maxMemoryMB: options.limits?.maxMemoryMB,
    budget,
    onLog: options.onLog ?? (() => undefined),
    onProgress: options.onProgress ?? (() => undefined),
    ...(options.walk ? { walk: options.walk } : {}),
    ...(options.invoke ? { invoke: options.invoke } : {}),
  });
  return { ...handle, budget };
}
