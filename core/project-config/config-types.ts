/**
 * What a project's `agentd.config.json` holds (schema/agentd.config.schema.json is its published
 * JSON Schema), and what it resolves to for one scan root.
 */
import type { Severity } from '../contracts/index.js';

/** A rule's setting: off, or the severity every finding of it gets. */
export type RuleLevel = 'off' | Severity;

export interface ConfigOverride {
  /** Globs (gitignore syntax, relative to the config file's folder) of the files this entry applies to. */
  files: string[];
  /** Globs of files left out of `files`. */
  excludedFiles?: string[];
  rules: Record<string, RuleLevel>;
}

export interface ConfigDefaults {
  /** Tests, fixtures, mocks and benchmarks get per-check defaults (scan-defaults.ts). Default true. */
  testCode?: boolean;
  /** Generated, vendored, minified and build-output files are not scanned. Default true. */
  generatedCode?: boolean;
  /** Maintainability findings (complexity, smells, ...) are at most this severity; "none" keeps theirs. Default "medium". */
  maintainabilityCap?: Severity | 'none';
}

/** The file as written (after validation). */
export interface ProjectConfigFile {
  $schema?: string;
  /** Check names; ["all"] for every check. */
  checks?: string[];
  include?: string[];
  exclude?: string[];
  failOn?: Severity | 'none';
  baseline?: string;
  profile?: string;
  rules?: Record<string, RuleLevel>;
  overrides?: ConfigOverride[];
  thresholds?: Record<string, Record<string, number>>;
  options?: Record<string, Record<string, unknown>>;
  defaults?: ConfigDefaults;
}

/** A configuration found for a root: the file's content and where it is. */
export interface LoadedProjectConfig {
  /** Absolute path of the file; undefined when no file was found (the built-in defaults alone). */
  file?: string;
  /** Absolute folder its globs and paths are relative to (the root itself when there is no file). */
  dir: string;
  config: ProjectConfigFile;
}
