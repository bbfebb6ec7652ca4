/**
 * Runs each component analysis of the quality score on sources parsed once (one counted parse per
 * file for all of them), reusing the memoised per-file results of analysis.smells and analysis.naming.
 * Each component is a pure function exported by its capability's folder.
 */
import type { CapabilityContext, Finding } from '../../../core/index.js';
import { DEFAULT_THRESHOLDS } from '../complexity/options.js';
import { fileFinding, functionFindings } from '../complexity/findings.js';
import type { FileMetrics } from '../complexity/file-metrics.js';
import { analyzeDependencies } from '../dependencies/analyze-dependencies.js';
import { collectDependencyFacts } from '../dependencies/collect-dependency-facts.js';
import { resolveOptions as resolveDependencyOptions } from '../dependencies/options.js';
import { tokensOf } from '../duplication/collect-tokens.js';
import { memoisedReport } from '../duplication/memoised-report.js';
import { cloneFinding } from '../duplication/clone-findings.js';
import { resolveInput as resolveDuplicationInput } from '../duplication/options.js';
import { analyzeNaming } from '../naming/analyze-naming.js';
import { memoisedNaming } from '../naming/memoised-naming.js';
import { resolveNamingOptions } from '../naming/options.js';
import { analyzeSmells, type FileSmells } from '../smells/analyze-smells.js';
import { memoisedSmells } from '../smells/memoised-smells.js';
import { resolveSmellOptions } from '../smells/options.js';
import { readPackageEntries } from '../smells/package-entries.js';
import { unitOf, type MemoScope, type ParsedFile, type SourceUnit } from '../../../core/index.js';
import { dynamicLoadsOf, fileFactsOf } from '../structure/analyze-structure.js';
import { structureFindingsFor } from './structure-run.js';
import type { Component } from './score.js';

export interface FileBasics {
  file: string;
  sloc: number;
  maintainability: number;
}

export interface ComponentRuns {
  basics: FileBasics[];
  findings: Partial<Record<Component, Finding[]>>;
  failed: { component: Component; error: string }[];
}

function complexityFindings(files: { file: string; smells: FileSmells }[]): Finding[] {
  return files.flatMap(({ file, smells }) => {
    const own = smells.measures.functions.flatMap((fn) => functionFindings(file, fn, DEFAULT_THRESHOLDS));
    const low = fileFinding(file, smells.measures as unknown as FileMetrics, DEFAULT_THRESHOLDS);
    return low ? [...own, low] : own;
  });
}

function duplicationFindings(ctx: CapabilityContext, units: SourceUnit[]): Finding[] {
  const options = resolveDuplicationInput({});
  // The same memo entries as analysis.duplication: after that check, this is a lookup.
  const report = memoisedReport(
    ctx,
    units.map((u) => tokensOf(ctx, u)),
    options,
  );
  return report.clones.map((c) => cloneFinding(c, options.mediumLines));
}

/** Quality runs its components with their defaults: resolved once, for its step and its run alike. */
const SMELL_DEFAULTS = resolveSmellOptions({});
const NAMING_DEFAULTS = resolveNamingOptions({});

/**
 * The per-file entries of the components that walk a file's syntax tree, memoised under the keys
 * runComponents reads: analysis.quality's per-file step. Smells (with the complexity measures) always:
 * the scores' basics come from it. Naming and structure's facts only for components `reused` will not
 * cover (their own check runs first and quality takes its findings). Where the scan's own checks made
 * the same entries, these are lookups. Duplication's token stream is read from the flat tree: not here.
 */
export function memoiseComponentsOf(ctx: MemoScope, file: ParsedFile, reused: ReadonlySet<Component>): void {
  const unit = unitOf(file);
  memoisedSmells(ctx, unit, SMELL_DEFAULTS);
  if (!reused.has('naming')) memoisedNaming(ctx, unit, NAMING_DEFAULTS);
  if (reused.has('structure')) return;
  fileFactsOf(ctx, file);
  dynamicLoadsOf(ctx, file);
}

/** Runs the components not in `skip` (those whose findings an earlier step already produced). */
export async function runComponents(ctx: CapabilityContext, units: SourceUnit[], skip: Set<Component>): Promise<ComponentRuns> {
  const smells = units.map((unit) => ({ file: unit.path, smells: memoisedSmells(ctx, unit, SMELL_DEFAULTS) }));
  const runs: ComponentRuns = {
    basics: smells.map(({ file, smells: s }) => ({ file, sloc: s.measures.sourceLines, maintainability: s.measures.maintainability })),
    findings: {},
    failed: [],
  };
  const attempt = async (component: Component, compute: () => Finding[] | Promise<Finding[]>): Promise<void> => {
    if (skip.has(component)) return;
    ctx.signal.throwIfAborted();
    try {
      runs.findings[component] = await compute();
    } catch (error) {
      if ((error as { code?: string }).code === 'tool_call_limit' || ctx.signal.aborted) throw error;
      runs.failed.push({ component, error: (error as Error).message });
      ctx.log('warn', `analysis.quality: the ${component} component failed (${(error as Error).message}); the score leaves it out.`);
    }
  };
  await attempt('complexity', () => complexityFindings(smells));
  await attempt('smells', async () => analyzeSmells(smells, SMELL_DEFAULTS, await readPackageEntries(ctx)).findings);
  await attempt('naming', () =>
    analyzeNaming(
      units.map((u) => ({ file: u.path, naming: memoisedNaming(ctx, u, NAMING_DEFAULTS) })),
      NAMING_DEFAULTS,
    ),
  );
  await attempt('duplication', () => duplicationFindings(ctx, units));
  await attempt('structure', () => structureFindingsFor(ctx, units));
  // analysis.dependencies gathers its own facts (import graph, manifest, lock file): this costs one more
  // counted parse per file (served from the parse cache). Import cycles are scored once, by structure.
  await attempt('dependencies', async () => {
    const facts = await collectDependencyFacts(ctx, {});
    return analyzeDependencies(facts, resolveDependencyOptions({})).findings.filter((f) => f.ruleId !== 'dependencies/circular-dependency');
  });
  return runs;
}
