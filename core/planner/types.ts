/** The planner's public data: what it reads (catalogue, project index, turns) and what it answers (a plan, a question, or "unsupported"). JSON only. */
import type { CapabilityMeta, PlanningRole, ProjectContext, Severity } from '../contracts/index.js';

export type SymbolKind = 'function' | 'class' | 'interface' | 'type' | 'enum' | 'const' | 'variable';

/** A top-level declaration of the project. */
export interface IndexedSymbol {
  name: string;
  kind: SymbolKind;
  /** POSIX path relative to the project root. */
  file: string;
  /** 1-based line of the declaration. */
  line: number;
  exported: boolean;
}

/** What the planner knows about the project: built once per session by `buildProjectIndex` (I/O), read by `planTask` (pure). */
export interface ProjectIndex {
  root: string;
  /** Every workspace file (as `workspace.list()` sees it: .gitignore respected), POSIX, sorted. */
  files: string[];
  /** Every folder that holds a listed file, at any depth, sorted. */
  folders: string[];
  symbols: IndexedSymbol[];
  /** Line counts of the parsed source files (used to check line ranges). */
  lineCounts: Record<string, number>;
  project: ProjectContext;
}

export interface Turn {
  role: 'user' | 'agent';
  message: string;
}

export interface PlannedStep {
  index: number;
  capability: string;
  /** Validates against the capability's inputSchema when `available`; best effort otherwise. */
  input: Record<string, unknown>;
  /** The file, folder or symbol the step is about, or null for the whole project. */
  target: string | null;
  summary: string;
  /** False when the capability is not registered (planned, not built yet): the step is shown and skipped, never faked. */
  available: boolean;
  reason?: string;
  /**
   * Set (by the daemon) on steps whose capability would run the project's own code: whether this job
   * allows it. `not_allowed` steps still run, doing what their capability does without it.
   */
  projectCode?: 'allowed' | 'not_allowed';
  /**
   * The roles the step's capability plays in plans (its `meta.planning.roles`: 'verify-writes',
   * 'build-structure', ...), so the daemon, the CLI and the GitHub App find "the verification step" or
   * "the build's structure step" by role, never by capability id.
   */
  roles?: PlanningRole[];
}

export interface PlanFilters {
  /** Findings below this severity are dropped when results are shown (no capability schema has such an input). */
  minSeverity?: Severity;
  /** Only findings inside this declaration are kept ("in function parseValue"; symbol-focus.ts). */
  symbol?: SymbolFilter;
}

/** One declaration a task limits an analysis to: its file and lines (endLine null: to the end of the file). */
export interface SymbolFilter {
  name: string;
  file: string;
  startLine: number;
  endLine: number | null;
}

export interface Plan {
  /** The recognised intent (intent ids of docs/agent.md, e.g. "audit-security", "rename", "build"). */
  intent: string;
  summary: string;
  steps: PlannedStep[];
  notes: string[];
  filters?: PlanFilters;
}

export interface QuestionOutcome {
  kind: 'question';
  message: string;
  /** Answers the planner understands; each may be sent back as the next turn. */
  options: string[];
  /** The words of the task the chosen option replaces ("did you mean" questions); absent for other questions. */
  replaces?: string;
}

export type PlanOutcome =
  { kind: 'plan'; plan: Plan } | QuestionOutcome | { kind: 'unsupported'; message: string; capabilities: { id: string; title: string }[] };

export interface PlanTaskOptions {
  /** Metas of the registered capabilities (`registry.list()`): their `planning` data is all the planner knows. */
  catalogue: CapabilityMeta[];
  /**
   * Capabilities planned but not built yet (`loadPlanned(defaultRoots())`, capabilities/planned.ts):
   * recognised, and their steps shown unavailable ("not built yet"), never run. Optional.
   */
  planned?: CapabilityMeta[];
  projectIndex: ProjectIndex;
  /** Earlier turns of the session, oldest first, not including `task`. */
  turns?: Turn[];
  /** The plan the task refines (a follow-up turn); null or absent when there is none. */
  previousPlan?: Plan | null;
  /** Append the 'verify-writes' capability's step after writing steps (default true). */
  verify?: boolean;
}
