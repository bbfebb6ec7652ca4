/**
 * matchDependencies: the pure matching (manifest, lock file and advisories in, findings out).
 * With a lock file every installed package is checked at its exact version, direct or transitive;
 * direct dependencies are reported on their package.json line, transitive ones on their lock-file
 * entry. Without one, each package.json range stands for the lowest version it admits.
 */
import { fixedVersionFor, isAffected, versionOfSpec, type Advisory, type Finding } from '../../../core/index.js';
import type { LockedPackage } from './lock-file.js';
import type { DeclaredDependency, PackageManifest } from './package-manifest.js';

export const RULE_ID = 'security/vulnerable-dependency';

interface Candidate {
  name: string;
  version: string;
  file: string;
  line: number;
  direct: boolean;
  /** How the version was found: "package-lock.json" or the package.json spec. */
  evidence: string;
  path?: string;
}

function candidatesFromLock(manifest: PackageManifest | null, lock: { file: string; packages: LockedPackage[] }): Candidate[] {
  const declared = new Map((manifest?.dependencies ?? []).map((d) => [d.name, d]));
  return lock.packages.map((p) => {
    const direct = p.path === `node_modules/${p.name}` && declared.has(p.name);
    const at = direct ? { file: 'package.json', line: declared.get(p.name)!.line } : { file: lock.file, line: p.line };
    return { name: p.name, version: p.version, ...at, direct, evidence: `installed per ${lock.file}`, path: p.path };
  });
}

function candidatesFromManifest(dependencies: readonly DeclaredDependency[]): Candidate[] {
  return dependencies.flatMap((d) => {
    const version = versionOfSpec(d.range);
    const evidence = version === d.range.trim() ? `declared in package.json` : `lowest version "${d.range}" admits`;
    return version ? [{ name: d.name, version, file: 'package.json', line: d.line, direct: true, evidence }] : [];
  });
}

function finding(c: Candidate, a: Advisory): Finding {
  const fixed = fixedVersionFor(c.version, a);
  const remedy = fixed ? `upgrade to ${fixed} or later` : 'no fixed version exists; replace or remove the package';
  const ids = [a.id, ...(a.aliases ?? [])].join(' / ');
  return {
    ruleId: RULE_ID,
    severity: a.severity,
    message: `Package "${c.name}" ${c.version} (${c.evidence}${c.direct ? '' : ', transitive'}) is affected by ${ids}: ${a.title}; ${remedy}.`,
    file: c.file,
    range: { startLine: c.line, startColumn: 1, endLine: c.line, endColumn: 1 },
    cwe: a.cwe[0] ?? 'CWE-1395',
    data: {
      package: c.name,
      version: c.version,
      direct: c.direct,
      advisory: a.id,
      aliases: a.aliases ?? [],
      cwe: a.cwe,
      vulnerableRange: a.vulnerableRange,
      fixedVersion: fixed,
      url: a.url ?? null,
      path: c.path ?? null,
    },
  };
}

export function matchDependencies(
  manifest: PackageManifest | null,
  lock: { file: string; packages: LockedPackage[] } | null,
  advisories: ReadonlyMap<string, Advisory[]>,
): Finding[] {
  const candidates = lock ? candidatesFromLock(manifest, lock) : candidatesFromManifest(manifest?.dependencies ?? []);
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const c of candidates) {
    for (const a of advisories.get(c.name) ?? []) {
      const key = `${a.id}\0${c.name}\0${c.version}\0${c.file}\0${c.line}`;
      if (seen.has(key) || !isAffected(c.version, a)) continue;
      seen.add(key);
      out.push(finding(c, a));
    }
  }
  return out;
}
