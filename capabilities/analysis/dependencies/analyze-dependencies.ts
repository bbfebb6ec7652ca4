/**
 * analyzeDependencies: the pure analysis behind analysis.dependencies (import graph, manifest, lock
 * file and usage context in; report and findings out), exported for analysis.quality.
 */
import type { Finding } from '../../../core/index.js';
import type { LockedPackage } from '../advisories/lock-file.js';
import type { DeclaredDependency, PackageManifest } from '../advisories/package-manifest.js';
import { findCycles, type ImportCycle } from '../import-graph/cycles.js';
import type { ExternalImport, ImportGraph } from '../import-graph/import-graph.js';
import { typesPackageFor } from '../import-graph/package-name.js';
import { dependencyFindings } from './dependency-findings.js';
import { HEAVY_PACKAGES, isWholeImport, type HeavyPackage } from './heavy-packages.js';
import { implicitUse, type UsageContext } from './implicit-usage.js';
import type { DependenciesOptions } from './options.js';

export interface DependencyFacts {
  graph: Omit<ImportGraph, 'skipped'>;
  manifest: PackageManifest | null;
  lock: { file: string; packages: LockedPackage[] } | null;
  usage: UsageContext;
  /** Names of the other packages of this workspace (monorepo members), which need no declaration. */
  localPackages: string[];
  /** Folders with their own package.json: their files' imports answer to that manifest, not the root's. */
  nestedPackageDirs: string[];
}

export interface DependencyReport {
  graph: {
    modules: number;
    edges: number;
    externalPackages: Record<string, number>;
    fanIn: { file: string; count: number }[];
    fanOut: { file: string; count: number }[];
    unresolved: ImportGraph['unresolved'];
    links: [string, string][];
  };
  cycles: ImportCycle[];
  unused: (DeclaredDependency & { implicit?: undefined })[];
  implicitlyUsed: { name: string; reason: string }[];
  missing: { name: string; imports: ExternalImport[] }[];
  duplicates: { name: string; entries: DeclaredDependency[] }[];
  multipleVersions: { name: string; versions: string[]; installs: LockedPackage[] }[];
  heavy: { dependency: DeclaredDependency; info: HeavyPackage; specifier?: string }[];
  findings: Finding[];
}

function top(counts: Map<string, number>, n: number): { file: string; count: number }[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([file, count]) => ({ file, count }));
}

function graphSummary(graph: DependencyFacts['graph']): DependencyReport['graph'] {
  const fanIn = new Map<string, number>();
  const fanOut = new Map<string, number>();
  const links = new Map<string, [string, string]>();
  for (const e of graph.edges) links.set(`${e.from}\0${e.to}`, [e.from, e.to]);
  for (const [from, to] of links.values()) {
    fanIn.set(to, (fanIn.get(to) ?? 0) + 1);
    fanOut.set(from, (fanOut.get(from) ?? 0) + 1);
  }
  const externalPackages: Record<string, number> = {};
  for (const x of graph.external) externalPackages[x.packageName] = (externalPackages[x.packageName] ?? 0) + 1;
  return {
    modules: graph.sources.length,
    edges: links.size,
    externalPackages,
    fanIn: top(fanIn, 10),
    fanOut: top(fanOut, 10),
    unresolved: graph.unresolved,
    links: [...links.values()],
  };
}

function usedPackages(
  facts: DependencyFacts,
  declared: DeclaredDependency[],
  wholeWorkspace: boolean,
): Pick<DependencyReport, 'unused' | 'implicitlyUsed'> {
  if (!wholeWorkspace) return { unused: [], implicitlyUsed: [] };
  const imported = new Set(facts.graph.external.map((x) => x.packageName));
  const unused: DeclaredDependency[] = [];
  const implicitlyUsed: DependencyReport['implicitlyUsed'] = [];
  for (const dep of declared.filter((d) => d.section === 'dependencies' || d.section === 'devDependencies')) {
    if (imported.has(dep.name)) continue;
    const reason = implicitUse(dep.name, facts.usage);
    if (reason) implicitlyUsed.push({ name: dep.name, reason });
    else unused.push(dep);
  }
  return { unused, implicitlyUsed };
}

function missingPackages(facts: DependencyFacts, declared: DeclaredDependency[]): DependencyReport['missing'] {
  const known = new Set([...declared.map((d) => d.name), ...facts.localPackages]);
  if (facts.manifest?.name) known.add(facts.manifest.name);
  const missing = new Map<string, ExternalImport[]>();
  for (const x of facts.graph.external) {
    if (facts.nestedPackageDirs.some((dir) => x.file.startsWith(`${dir}/`))) continue;
    if (known.has(x.packageName) || known.has(typesPackageFor(x.packageName))) continue;
    missing.set(x.packageName, [...(missing.get(x.packageName) ?? []), x]);
  }
  return [...missing].map(([name, imports]) => ({ name, imports }));
}

function duplicates(declared: DeclaredDependency[]): DependencyReport['duplicates'] {
  const runtime = new Map(declared.filter((d) => d.section === 'dependencies').map((d) => [d.name, d]));
  return declared
    .filter((d) => d.section === 'devDependencies' && runtime.has(d.name))
    .map((d) => ({ name: d.name, entries: [runtime.get(d.name)!, d] }));
}

function multipleVersions(lock: DependencyFacts['lock']): DependencyReport['multipleVersions'] {
  const byName = new Map<string, LockedPackage[]>();
  for (const p of lock?.packages ?? []) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
  return [...byName]
    .map(([name, installs]) => ({ name, installs, versions: [...new Set(installs.map((i) => i.version))].sort() }))
    .filter((m) => m.versions.length > 1)
    .sort((a, b) => a.name.localeCompare(b.name));
}

function heavy(facts: DependencyFacts, declared: DeclaredDependency[]): DependencyReport['heavy'] {
  const out: DependencyReport['heavy'] = [];
  for (const dependency of declared) {
    const info = HEAVY_PACKAGES[dependency.name];
    if (!info || (dependency.section !== 'dependencies' && !info.deprecated)) continue;
    if (!info.wholeImportOnly) out.push({ dependency, info });
    else {
      const whole = facts.graph.external.find((x) => x.packageName === dependency.name && isWholeImport(dependency.name, x.specifier));
      if (whole) out.push({ dependency, info, specifier: whole.specifier });
    }
  }
  return out;
}

export function analyzeDependencies(facts: DependencyFacts, options: DependenciesOptions): DependencyReport {
  const declared = facts.manifest?.dependencies ?? [];
  const report: Omit<DependencyReport, 'findings'> = {
    graph: graphSummary(facts.graph),
    cycles: findCycles(facts.graph, options.includeTypeImports),
    ...usedPackages(facts, declared, options.wholeWorkspace && facts.manifest !== null),
    missing: facts.manifest ? missingPackages(facts, declared) : [],
    duplicates: duplicates(declared),
    multipleVersions: multipleVersions(facts.lock),
    heavy: heavy(facts, declared),
  };
  return { ...report, findings: dependencyFindings(report, facts.lock?.file ?? null, options) };
}
