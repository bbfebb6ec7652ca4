/**
 * Matching installed versions against advisory ranges (node-semver). A package.json range stands for
 * the lowest version it admits (what a fresh install could resolve to at worst); a lock file gives the
 * exact version. Pre-releases are matched too: an advisory range covers them.
 */
import { createRequire } from 'node:module';
import type SemverModule from 'semver';
import type { Advisory } from './advisory-types.js';

// Loaded on first use (a project with dependencies to check): node-semver is some fifty modules, and
// a scan of a project without a manifest never matches a version.
const require = createRequire(import.meta.url);
let loaded: typeof SemverModule | undefined;
const semverLib = (): typeof SemverModule => (loaded ??= require('semver') as typeof SemverModule);

const OPTIONS = { includePrerelease: true, loose: true } as const;

/** The version a dependency spec stands for: an exact version as is, a range's lowest admitted version. */
export function versionOfSpec(spec: string): string | null {
  const trimmed = spec.trim();
  // Tags, URLs, git, file: and workspace: specs name no version we can compare.
  if (trimmed === '' || trimmed === '*' || trimmed === 'latest' || /^[a-z+]+:|\//i.test(trimmed)) return null;
  const exact = semverLib().valid(trimmed, OPTIONS);
  if (exact) return exact;
  try {
    // Without includePrerelease: "1.x" means 1.0.0, not 1.0.0-0.
    return semverLib().minVersion(trimmed, { loose: true })?.version ?? null;
  } catch {
    return null;
  }
}

export function isAffected(version: string, advisory: Pick<Advisory, 'vulnerableRange'>): boolean {
  try {
    return semverLib().satisfies(version, advisory.vulnerableRange, OPTIONS);
  } catch {
    return false;
  }
}

/**
 * The fixed version on the installed version's own release line: the upper bound of the range part
 * that matched (">=4.0.0 <4.4.15" -> 4.4.15), else the advisory's patchedVersion.
 */
export function fixedVersionFor(version: string, advisory: Pick<Advisory, 'vulnerableRange' | 'patchedVersion'>): string | null {
  try {
    for (const set of new (semverLib().Range)(advisory.vulnerableRange, OPTIONS).set) {
      if (!set.every((comparator) => comparator.test(version))) continue;
      const upper = set.find((c) => c.operator === '<');
      if (upper) return upper.semver.version;
    }
  } catch {
    // fall through to the advisory's own value
  }
  return advisory.patchedVersion;
}

export function isValidRange(range: string): boolean {
  return semverLib().validRange(range, OPTIONS) !== null;
}

export function isValidVersion(version: string): boolean {
  return semverLib().valid(version, OPTIONS) !== null;
}
