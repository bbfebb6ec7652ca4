/** Findings, changes and artifacts: the data a capability step produces. JSON only. */

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** 1-based lines and columns (as SARIF and editors show them); end is inclusive of the last character's column. */
export interface SourceRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface Change {
  /** POSIX path relative to the job's workspace root. */
  path: string;
  action: 'create' | 'modify' | 'delete';
  /** File content before the change (undefined/null for create). */
  before?: string | null;
  /** File content after the change (null for delete). */
  after: string | null;
  /** Unified diff of before -> after, filled in by the workspace. */
  diff?: string;
}

/** One replacement in a file's text: UTF-16 offsets [start, end) replaced by `text` (ESLint's fix shape). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface FindingFix {
  description: string;
  changes?: Change[];
  /**
   * A safe fix (one that keeps the program's behaviour, like ESLint's `fix`, never its suggestions) as
   * replacements in the finding's own file; `agentd scan --fix` applies them.
   */
  edits?: TextEdit[];
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** POSIX path relative to the workspace root. */
  file: string;
  range: SourceRange;
  /** e.g. "CWE-89" */
  cwe?: string;
  fix?: FindingFix;
  /** Free-form, JSON-serialisable extra facts (metrics, evidence path, ...). */
  data?: Record<string, unknown>;
}

export interface Artifact {
  name: string;
  mediaType: string;
  content: string;
}

export interface StepResult {
  summary: string;
  findings?: Finding[];
  changes?: Change[];
  artifacts?: Artifact[];
  data?: unknown;
  /**
   * Parts of the step's work that were refused (e.g. the tests, when the job may not run project code),
   * each with the reason. A job whose steps report any ends `incomplete`, not `succeeded`. Parts that
   * do not apply (no test script) are not listed: nothing was left undone.
   */
  notRun?: { part: string; reason: string }[];
}

/** The documentation of one rule a capability reports (like ESLint's meta.docs): shown in reports, SARIF and docs/rules. */
export interface RuleDoc {
  /** e.g. "security/sql-injection"; equals Finding.ruleId */
  id: string;
  title: string;
  /** The severity a finding of this rule gets unless the rule computes one. */
  defaultSeverity: Severity;
  description: string;
  /** Why it matters. */
  why: string;
  example: { bad: string; good: string };
  /** How to fix it. */
  fix: string;
  cwe?: string;
  /** Category for reports, e.g. "injection", "xss", "secrets", "crypto", "maintainability". */
  category?: string;
}
