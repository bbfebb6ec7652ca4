/** The supervised executor process hosting the Piscina pools, and what crosses its boundary. */
export { ExecutorSupervisor } from './executor-supervisor.js';
export type { StepRunner, StepRunOptions } from './step-runner.js';
export { InProcessRunner, type InProcessRunnerOptions } from './in-process-runner.js';
export { DEFAULT_MAX_THREADS, type PoolOptions } from './pool-set.js';
export type { StepTask, StepReply, StepFailure, StepFailureCode, StepEvent } from './protocol.js';
