/** The supervised executor process hosting the Piscina pools, and what crosses its boundary. */
export { ExecutorSupervisor, type StepRunOptions } from './executor-supervisor.js';
export { DEFAULT_MAX_THREADS, type PoolOptions } from './pool-set.js';
export type { StepTask, StepReply, StepFailure, StepFailureCode, StepEvent } from './protocol.js';
