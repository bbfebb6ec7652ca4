/** The shapes of CapabilityTester's case tables (ESLint RuleTester's `valid` / `invalid`, plus `inputErrors`). */
import type { Change, Finding, Severity, StagedEntry, StepResult } from '../contracts/index.js';

/** A sample project: files given as a map, a fixture folder copied, or both (the map is written over the copy). */
export interface SampleProject {
  /** Workspace-relative POSIX path -> content. */
  files?: Record<string, string>;
  /** A folder copied to the temp workspace first (absolute, or relative to the working directory). */
  fixture?: string;
  /** `git init` and commit everything (one commit), for capabilities that read history or diffs. */
  git?: boolean;
  /** Symlinks `<root>/node_modules` to this folder (a project whose tools the capability runs). */
  nodeModules?: string;
}

export interface CaseRun extends SampleProject {
  /** The test's title; default: the files' names or the fixture's. */
  name?: string;
  /** The step input (validated against the capability's inputSchema first, as the daemon does). */
  input?: Record<string, unknown>;
  /** Run with the project-code permission (the capability may run the project's tests, tools). */
  projectCode?: boolean;
  /** Results of earlier steps (`ctx.previous`). */
  previous?: StepResult[];
  /** An overlay left by earlier steps. */
  staged?: StagedEntry[];
  /** The job's tool-call budget (default 10,000). */
  maxToolCalls?: number;
  /** Run only this case (mocha's `it.only`). */
  only?: boolean;
  /** Write the staged changes to the temp copy before `check` runs (what a user gets after approving). */
  apply?: boolean;
  /** Further assertions of the test's own, on the outcome, while the temp workspace still exists. */
  check?: (outcome: CaseOutcome) => unknown;
}

/** Must succeed with no findings (of `ruleId` when given) and no staged changes. */
export interface ValidCase extends CaseRun {
  /** Only findings of this rule count (a rule table's valid case for one rule). */
  ruleId?: string;
  /** Staged changes are allowed (a capability whose success is a generated file). */
  allowChanges?: boolean;
}

export interface ExpectedFinding {
  ruleId?: string;
  file?: string;
  /** 1-based start line. */
  line?: number;
  column?: number;
  endLine?: number;
  /** A substring of the message, or a RegExp it must match. */
  message?: string | RegExp;
  severity?: Severity;
}

/** What a changed file must look like: its content after (null: deleted), or parts of it / of its diff. */
export type ExpectedChange =
  string | null | { contains?: string | string[]; notContains?: string | string[]; diffContains?: string | string[] };

/** Must come out as stated: findings, file changes or an error (at least one of them). */
export interface InvalidCase extends CaseRun {
  /**
   * The findings, one per actual finding (after the `ruleId` filter), in any order; each field given
   * is compared. Their number must match.
   */
  findings?: ExpectedFinding[];
  /** Compare only findings of this rule (others the case produces are ignored). */
  ruleId?: string;
  /** Staged changes: every changed path and nothing else. */
  changes?: Record<string, ExpectedChange>;
  /** The step must fail with this error code (and message part). */
  error?: string | { code: string; message?: string | RegExp };
}

/** An input the capability's JSON Schema must refuse, with a message. */
export interface InputErrorCase {
  name?: string;
  input: unknown;
  /** A substring of (or RegExp over) the validation errors joined as "<path> <message>; ...". */
  message: string | RegExp;
}

export interface CapabilityCases {
  valid?: ValidCase[];
  invalid?: InvalidCase[];
  inputErrors?: InputErrorCase[];
}

export interface CaseOutcome {
  /** The temp workspace (removed after the case). */
  root: string;
  result?: StepResult;
  /** Staged changes with unified diffs (after `apply`, written to `root`). */
  changes: Change[];
  /** The overlay the step left (what a later step of the same job starts from). */
  staged: StagedEntry[];
  /**
   * How the step failed, as a job reports it (`message`), and the message of the error the capability
   * threw, unwrapped (`cause`), when it threw one.
   */
  error?: { code: string; message: string; cause?: string };
  /** The step's log lines, "level: message". */
  logs: string[];
  findings: Finding[];
}
