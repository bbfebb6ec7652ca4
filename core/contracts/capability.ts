/** The capability contract: one module exports `{ meta, run }`, like an ESLint rule exports `{ meta, create }`. */
import type { StepResult } from './findings.js';
import type { CapabilityContext, ParsedFile } from './context.js';
import type { ProjectContext } from './project.js';

export type JSONSchema = Record<string, unknown>;

export const CAPABILITY_GROUPS = ['generation', 'analysis', 'refactoring', 'testing', 'documentation', 'debugging'] as const;
export type CapabilityGroup = (typeof CAPABILITY_GROUPS)[number];

/** Plain JSON: readable without running the capability, cloneable into a worker. */
/** One error code a capability declares (`meta.errors`). */
export interface DeclaredErrorDoc {
  /** snake_case, starting with the capability's group or name: `<group>_…` or `<name>_…`. */
  code: string;
  /** When it happens and what the message says: docs and `GET /capabilities` show it. */
  description: string;
}

export interface CapabilityMeta {
  /** "<group>.<name>", e.g. "analysis.security" */
  id: string;
  group: CapabilityGroup;
  title: string;
  description: string;
  /** semver */
  version: string;
  /** JSON Schema of `input`; validated when the job is submitted, not when it runs. */
  inputSchema: JSONSchema;
  /** true when the capability proposes file changes (needs approval unless auto). */
  writes: boolean;
  /**
   * Present when the capability runs the project's own code given the permission
   * (`ctx.permissions.projectCode`): what it runs, and what it does instead without it. The plan of a
   * task job marks such steps.
   */
  projectCode?: { runs: string; without: string };
  /**
   * The error codes of its own the capability may end a step with (thrown as `CapabilityError`),
   * namespaced by its group or name (`fixtures_unknown_type`, `testing_refused`): a step that fails
   * with one keeps it, as with the core catalogue's codes; any other thrown code is `capability_error`.
   */
  errors?: DeclaredErrorDoc[];
  /** The rules this capability reports, documented (analysis capabilities). */
  rules?: import('./findings.js').RuleDoc[];
  /**
   * How the universal agent's planner plans it (core/contracts/planning.ts, docs/agent.md). Absent or
   * null: still runnable by id, but the planner answers that it does not know how to plan it.
   */
  planning?: import('./planning.js').CapabilityPlanning | null;
  /** How it executes: what the scan and the engine need to know about it (capabilities/README.md). */
  execution?: CapabilityExecution;
  /** What reports need to know about its results. */
  report?: CapabilityReporting;
}

/**
 * How a capability executes, as plain JSON: what the scan's scheduler, its prefetch and `ctx.invoke`
 * read instead of lists of ids in the core. Every field is optional; the defaults describe a light
 * analysis over syntax trees that composes nothing and runs in the main thread.
 */
export interface CapabilityExecution {
  /**
   * The parse representation it reads (core/README.md's glossary): `syntax-tree` (tree-sitter parsed
   * files, shared through the thread's parse cache: a scan starts parsing them before the checks load),
   * `ts-program` (a TypeScript program over the project, built by the capability), `none` (manifests,
   * lock files, text). Default `syntax-tree`.
   */
  parses?: 'syntax-tree' | 'ts-program' | 'none';
  /**
   * It reads the lexical tokens of its `syntax-tree` parses (`FlatTree.tokens`: leaves in source
   * order, comments out, literals whole), which the flat-tree addon makes on its parse thread when
   * asked: a scan that runs it, or a check composing it, asks with its prefetched parses. Default false.
   */
  tokens?: boolean;
  /**
   * It reads the complexity metrics of its `syntax-tree` parses (`FlatTree.metrics`: each function's
   * cyclomatic and cognitive complexity and nesting, the file's Halstead counts and code rows), which
   * the flat-tree addon measures on its parse thread when asked, as with `tokens`. Default false.
   */
  metrics?: boolean;
  /**
   * The capability ids it builds on: it runs them through `ctx.invoke` (which refuses any id not
   * listed here) or takes their results from `ctx.previous` when an earlier step has them. A scan runs
   * a composing check after every other check, so it sees their results.
   */
  composes?: string[];
  /** `heavy`: seconds on a large project beyond the parse (taint tracking, clone matching); default `light`. */
  cost?: 'light' | 'heavy';
  /**
   * Where a scan that uses a second thread runs it (`parallel: true`): `second` for checks that neither
   * compose others nor feed a composing check's per-file memo entries; default `main`.
   */
  thread?: 'main' | 'second';
  /**
   * `leave-out`: a scan leaves the project's test code out of this check unless the project config's
   * `defaults.testCode` is false (complexity, duplication and quality figures about tests are noise).
   * Default `include`.
   */
  testCode?: 'include' | 'leave-out';
}

/** What reports need to know about a capability's results, as plain JSON (core/report). */
export interface CapabilityReporting {
  /**
   * `vulnerabilities`: its findings are security alerts — SARIF tags them "security" with GitHub's
   * security-severity. A rule of another check that cites a CWE (uncontrolled resource consumption,
   * say) is not one. Default `issues`.
   */
  findings?: 'issues' | 'vulnerabilities';
  /** Its result's `data.folders` (per-folder scores) feeds the reports' "quality by folder" chart. */
  folderScores?: boolean;
}

/** The part of a context that per-file memoised helpers use. */
export interface MemoScope {
  readonly tools: Pick<CapabilityContext['tools'], 'memo'>;
}

/**
 * What a per-file step gets: the memo, the project's detected facts (frameworks, code style), the
 * same `project` its run() sees, and the ids of the checks the scan runs (a composing check need not
 * make entries for components whose own check runs and reports first). Nothing to report with, count
 * or read files through.
 */
export interface FileStepContext extends MemoScope {
  readonly project: ProjectContext;
  readonly checks: ReadonlySet<string>;
}

export interface Capability<Input = unknown> {
  meta: CapabilityMeta;
  run(input: Input, ctx: CapabilityContext): Promise<StepResult>;
  /**
   * Optional, for a capability whose run() memoises per-file results (`ctx.tools.memo`): computes
   * those entries for one parsed file. `agentd scan` calls it as each file's parse arrives, before
   * run(), and the file's syntax tree is dropped right after, while it is still cheap to collect
   * (core/scan/file-steps.ts); run() then finds its entries. It reports nothing and must give
   * exactly the entries run() would make: run() still computes whatever is missing. Synchronous.
   * `input` is the input the scan planned for run() (validated, defaults applied), so options that
   * shape the entries (thresholds, naming styles) shape them the same way here.
   */
  perFile?(file: ParsedFile, ctx: FileStepContext, input: Input): void;
}

/** What the registry knows about a discovered capability: its meta and the module that holds it. */
export interface RegisteredCapability {
  meta: CapabilityMeta;
  /** Absolute path of the compiled module (what crosses into a worker: a path, never code). */
  modulePath: string;
  /**
   * Plain data for a capability whose module is a runner (a third-party plugin: `modulePath` is the
   * isolate host, `binding` says which plugin script, capability, permissions and limits). The step
   * worker calls the runner's `bindCapability(binding)`; absent for first-party capabilities.
   */
  binding?: unknown;
}
