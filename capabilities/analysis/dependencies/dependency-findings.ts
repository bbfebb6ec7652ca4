/** Findings of analysis.dependencies, one builder per rule. */
import type { Finding, SourceRange } from '../../../core/index.js';
import type { DependencyReport } from './analyze-dependencies.js';
import type { DependenciesOptions } from './options.js';
import type { DependencyRuleId } from './rules.js';

const at = (line: number): SourceRange => ({ startLine: line, startColumn: 1, endLine: line, endColumn: 1 });

type Builder = (report: Omit<DependencyReport, 'findings'>, lockFile: string | null) => Finding[];

const BUILDERS: Record<DependencyRuleId, Builder> = {
  'dependencies/circular-dependency': (r) =>
    r.cycles.map((c) => ({
      ruleId: 'dependencies/circular-dependency',
      severity: 'medium',
      file: c.path[0]!,
      range: at(c.line),
      message: `Circular dependency: ${c.path.join(' -> ')}; extract what both need into a separate module.`,
      data: { path: c.path, members: c.members },
    })),
  'dependencies/unused-dependency': (r) =>
    r.unused.map((d) => ({
      ruleId: 'dependencies/unused-dependency',
      severity: 'low',
      file: 'package.json',
      range: at(d.line),
      message: `Package "${d.name}" (${d.section}) is imported by no source file, script or configuration; remove it with npm uninstall ${d.name}.`,
      data: { name: d.name, section: d.section, range: d.range },
    })),
  'dependencies/missing-dependency': (r) =>
    r.missing.map((m) => ({
      ruleId: 'dependencies/missing-dependency',
      severity: 'medium',
      file: m.imports[0]!.file,
      range: at(m.imports[0]!.line),
      message: `Package "${m.name}" is imported by ${m.imports.length} import(s) but not declared in package.json; add it with npm install ${m.name}.`,
      data: { name: m.name, imports: m.imports.map((i) => ({ file: i.file, line: i.line, specifier: i.specifier })) },
    })),
  'dependencies/duplicate-dependency': (r) =>
    r.duplicates.map((d) => ({
      ruleId: 'dependencies/duplicate-dependency',
      severity: 'low',
      file: 'package.json',
      range: at(d.entries[1]!.line),
      message: `Package "${d.name}" is declared in both dependencies (${d.entries[0]!.range}) and devDependencies (${d.entries[1]!.range}); keep one.`,
      data: { name: d.name, ranges: d.entries.map((e) => ({ section: e.section, range: e.range, line: e.line })) },
    })),
  'dependencies/multiple-versions': (r, lockFile) =>
    lockFile === null
      ? []
      : r.multipleVersions.map((m) => ({
          ruleId: 'dependencies/multiple-versions',
          severity: 'info',
          file: lockFile,
          range: at(m.installs[1]?.line ?? 1),
          message: `Package "${m.name}" is installed in ${m.versions.length} versions (${m.versions.join(', ')}); run npm dedupe or align the dependents.`,
          data: { name: m.name, versions: m.versions, paths: m.installs.map((i) => `${i.path}@${i.version}`) },
        })),
  'dependencies/heavy-dependency': (r) =>
    r.heavy.map(({ dependency: d, info, specifier }) => ({
      ruleId: 'dependencies/heavy-dependency',
      severity: info.deprecated ? 'medium' : 'low',
      file: 'package.json',
      range: at(d.line),
      message: `Package "${d.name}"${specifier ? ` imported whole ("${specifier}")` : ''} is ${info.deprecated ? 'deprecated' : 'heavy'}${info.sizeKB ? ` (~${info.sizeKB} KB min+gzip)` : ''}: ${info.reason}; use ${info.alternatives}.`,
      data: { name: d.name, sizeKB: info.sizeKB, alternatives: info.alternatives, deprecated: info.deprecated === true },
    })),
};

export function dependencyFindings(
  report: Omit<DependencyReport, 'findings'>,
  lockFile: string | null,
  options: DependenciesOptions,
): Finding[] {
  return [...options.rules].flatMap((rule) => BUILDERS[rule](report, lockFile));
}
