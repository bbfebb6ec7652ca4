/** What every reporter renders: the findings of a scan, the metas that document their rules, and the sources they point into. */
import type { CapabilityMeta, Finding, SkippedFile } from '../contracts/index.js';

export interface ReportFinding extends Finding {
  /** Stable across line moves (see fingerprint.ts); what `--baseline` compares. */
  fingerprint: string;
  /** The capability that reported it, e.g. "analysis.security". */
  capability: string;
}

/** One capability's part of a scan. */
export interface CapabilityRun {
  capability: string;
  summary: string;
  findings: number;
  durationMs: number;
  /** The capability's StepResult.data (kept for reporters that chart it, e.g. analysis.quality's folder scores). */
  data?: unknown;
  /** Findings it reported that another check had reported first (listed once, under that check). */
  repeated?: number;
  /** Set when the capability failed; the scan went on with the others. */
  error?: { code: string; message: string };
}

/** Why a finding is not counted: an agentd-ignore comment (SARIF's `suppressions[]`, kind inSource). */
export interface FindingSuppression {
  kind: 'inSource';
  /** The reason the comment gives after ` -- `. */
  justification?: string;
  /** Where the comment is. */
  file: string;
  line: number;
}

export type SuppressedReportFinding = ReportFinding & { suppression: FindingSuppression };

export interface ToolInfo {
  name: string;
  version: string;
  /** The tool's home page (package.json `homepage`); SARIF's driver.informationUri when set. */
  informationUri?: string;
}

export interface ScanStats {
  filesScanned: number;
  linesScanned: number;
  durationMs: number;
  /** Findings left out because their fingerprint was in the baseline. */
  suppressedByBaseline: number;
  /** Findings `--fix` fixed (and left out of the report). */
  fixed?: number;
  /** Lines and files per folder (POSIX, relative; "." for the root), for density charts. */
  folders: Record<string, { files: number; lines: number }>;
}

export interface ScanReport {
  tool: ToolInfo;
  /** The scanned root as the user named it (absolute). */
  root: string;
  startedAt: string;
  findings: ReportFinding[];
  /** Findings an agentd-ignore comment suppressed: not counted, not gating; SARIF lists them with `suppressions`. */
  suppressed?: SuppressedReportFinding[];
  /** Metas of the capabilities that ran; `meta.rules` documents the rules. */
  capabilities: CapabilityMeta[];
  runs: CapabilityRun[];
  /** Contents of the files the findings point into, by relative path (for excerpts). */
  sources: Record<string, string>;
  stats: ScanStats;
  /** Source files the scan could not look at (unreadable, over 100 KB, binary), workspace-relative, each with its reason. */
  skipped?: SkippedFile[];
}
