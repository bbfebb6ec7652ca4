/** The planner: free text -> a plan of capability steps (pure, deterministic), and the project index it reads. */
export { planTask } from './plan-task.js';
export { buildProjectIndex } from './project-index.js';
export { intentTable, type IntentDef } from './intent-table.js';
export type {
  IndexedSymbol,
  Plan,
  PlanFilters,
  PlannedStep,
  PlanOutcome,
  PlanTaskOptions,
  ProjectIndex,
  QuestionOutcome,
  SymbolKind,
  Turn,
} from './types.js';
