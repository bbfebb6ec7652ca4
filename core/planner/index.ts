/** The planner: free text -> a plan of capability steps (pure, deterministic), and the project index it reads. */
export { planTask } from './plan-task.js';
export { buildProjectIndex } from './project-index.js';
export { CATALOGUE, titleOf, type CatalogueEntry } from './catalogue.js';
export { INTENTS, type IntentDef, type IntentFamily } from './intents.js';
export type {
  IndexedSymbol, Plan, PlanFilters, PlannedStep, PlanOutcome, PlanTaskOptions, ProjectIndex, QuestionOutcome, SymbolKind, Turn,
} from './types.js';
