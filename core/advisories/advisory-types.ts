/** The offline advisory list's format (documented in docs/advisories.md). */
import type { Severity } from '../contracts/findings.js';

export type AdvisorySeverity = Exclude<Severity, 'info'>;

export interface Advisory {
  /** GHSA id, CVE id, or a stable local id (AGENTD-<package>-<yyyy-mm>[-malware]) when neither is known. */
  id: string;
  /** npm package name. */
  package: string;
  title: string;
  severity: AdvisorySeverity;
  /** e.g. ["CWE-1321"]; may be empty. */
  cwe: string[];
  /** A node-semver range of the affected versions, e.g. "<4.17.21" or ">=1.0.0 <1.2.6 || <0.2.4". */
  vulnerableRange: string;
  /** The first version without the flaw (on the newest release line), or null when there is none. */
  patchedVersion: string | null;
  /** Other ids of the same advisory (the CVE of a GHSA). */
  aliases?: string[];
  url?: string;
  /** ISO date. */
  published?: string;
}

export interface AdvisoryFile {
  /** Format version: 1. */
  version: number;
  /** ISO timestamp of when the list was produced; a newer installed list wins over the shipped one. */
  generatedAt: string;
  /** Where the advisories come from. */
  source: string;
  /** Packages the list was checked for; those without advisories were clean when it was produced. */
  checkedPackages?: string[];
  advisories: Advisory[];
}
