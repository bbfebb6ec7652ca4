/** The options and progress of runScan. */
import type { ProjectSettings } from '../project-config/index.js';
import type { ScanReport, ToolInfo } from '../report/index.js';
import type { RootWalker } from '../workspace/list-files.js';
import type { AnalysisCatalog } from './analysis-catalog.js';

export interface ScanProgress {
  /** 0..100 over the whole scan. */
  percent: number;
  /** The check running now, e.g. "analysis.security". */
  capability: string;
  message: string;
}

export interface ScanOptions {
  /** Absolute path of the folder to scan. */
  root: string;
  /** Check names ("security", "all") or capability ids; comma-separated entries are split. */
  checks: string[];
  /** Gitignore-style globs passed to every check (and to the file count). */
  include?: string[];
  exclude?: string[];
  /** Limit the scan to files changed since this git ref (plus uncommitted and untracked ones). */
  changedSince?: string;
  /** Extra input per capability id, merged under include/exclude (e.g. thresholds). */
  inputs?: Record<string, Record<string, unknown>>;
  /** The tool budget of the whole scan; batched reads and parses count once. Default 10,000. */
  maxToolCalls?: number;
  /** A catalog loaded earlier (e.g. by the CLI to validate --checks first); default: sharedAnalysisCatalog() of defaultRoots(). */
  catalog?: AnalysisCatalog;
  signal?: AbortSignal;
  /**
   * Whether checks may run the project's own code (its ESLint config and plugins) in agentd's sandbox.
   * Default false; `agentd scan` passes true unless --no-project-code (docs/security.md).
   */
  projectCode?: boolean;
  /**
   * Run a few independent checks in a second thread beside this one: true always; false and 'auto'
   * (the default) never, as measured it no longer pays (core/scan/run-checks.ts says why).
   */
  parallel?: boolean | 'auto';
  tool?: ToolInfo;
  /**
   * The project's configuration for this root (core/project-config); the CLI passes the one it read
   * for its own options. Default: the nearest agentd.config.json, or the built-in defaults.
   */
  settings?: ProjectSettings;
  /**
   * The walk of the root everything in the scan lists the project from (the checks, the project's
   * detection, the file count); the CLI passes the one its prefetchSources used. Default: a new one.
   */
  walk?: RootWalker;
  onProgress?: (progress: ScanProgress) => void;
  onLog?: (capability: string, level: string, message: string) => void;
}

export type ScanResult = ScanReport;
