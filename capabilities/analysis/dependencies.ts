/**
 * analysis.dependencies: the module import graph (summary and links), circular dependencies, and the
 * package dependencies of package.json against what the code imports — unused, missing, declared
 * twice, installed in several versions (package-lock.json), and known-heavy or deprecated packages.
 */
import {
  isDeclarationFile,
  type CapabilityContext,
  type CapabilityMeta,
  type FileStepContext,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { importsOf } from './import-graph/import-graph.js';
import { analyzeDependencies } from './dependencies/analyze-dependencies.js';
import { collectDependencyFacts } from './dependencies/collect-dependency-facts.js';
import { INPUT_SCHEMA, resolveOptions, type DependenciesInput } from './dependencies/options.js';
import { RULES } from './dependencies/rules.js';
import { PLANNING } from './dependencies/planning.js';

export { analyzeDependencies } from './dependencies/analyze-dependencies.js';
export { collectDependencyFacts } from './dependencies/collect-dependency-facts.js';

export const meta: CapabilityMeta = {
  id: 'analysis.dependencies',
  group: 'analysis',
  title: 'Dependencies',
  description:
    'The module dependency graph, circular dependencies, unused/missing/duplicate package dependencies, packages installed in several versions, and heavy or deprecated packages with lighter alternatives.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  // It parses every source for the import graph (syntax trees, the default).
  execution: { thread: 'second' },
  rules: RULES,
  planning: PLANNING,
};

export async function run(input: DependenciesInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = resolveOptions(input ?? {});
  const facts = await collectDependencyFacts(ctx, input ?? {});
  for (const note of facts.notes) ctx.log('warn', note);
  const report = analyzeDependencies(facts, options);
  ctx.progress(100);
  const { findings, ...data } = report;
  return {
    summary: `${report.graph.modules} modules, ${report.graph.edges} internal links, ${Object.keys(report.graph.externalPackages).length} packages imported: ${report.cycles.length} cycles, ${report.unused.length} unused, ${report.missing.length} missing, ${report.duplicates.length} declared twice, ${report.heavy.length} heavy or deprecated.`,
    findings,
    data: { ...data, lockFile: facts.lock ? facts.lock.file : null, notes: facts.notes, skipped: facts.skipped },
  };
}

/** A file's import records, memoised as the import graph memoises them (it reads no declaration files). */
export function perFile(file: ParsedFile, ctx: FileStepContext): void {
  if (!isDeclarationFile(file.path)) importsOf(ctx, file);
}
