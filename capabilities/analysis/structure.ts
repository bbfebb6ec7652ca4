/**
 * analysis.structure: the shape of a code base — file sizes (buckets and the largest), folder depth,
 * modules mixing UI with data access or HTTP handling, folders mixing tests into source, circular
 * imports (Tarjan over the import graph) and orphan files (see structure/entry-points.ts for the
 * entry-point heuristics).
 */
import {
  isDeclarationFile,
  type CapabilityContext,
  type CapabilityMeta,
  type FileStepContext,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { analyzeStructure, collectStructureFacts, dynamicLoadsOf, fileFactsOf } from './structure/analyze-structure.js';
import { INPUT_SCHEMA, resolveOptions, type StructureInput } from './structure/options.js';
import { RULES } from './structure/rules.js';
import { PLANNING } from './structure/planning.js';

export { analyzeStructure, collectStructureFacts } from './structure/analyze-structure.js';

export const meta: CapabilityMeta = {
  id: 'analysis.structure',
  group: 'analysis',
  title: 'Structure',
  description: 'File size distribution, folder depth, mixed concerns, tests mixed into source folders, circular imports and orphan files.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  execution: { thread: 'second' },
  rules: RULES,
  planning: PLANNING,
};

export async function run(input: StructureInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = resolveOptions(input ?? {});
  const facts = await collectStructureFacts(ctx, input ?? {});
  const report = analyzeStructure(facts, options);
  ctx.progress(100);
  const { findings, ...data } = report;
  return {
    summary: `${report.graph.modules} modules, ${report.graph.imports} internal imports: ${report.cycles.length} import cycles, ${report.orphans.length} orphan files, ${report.mixedConcerns.length} mixed-concern modules, deepest folder ${report.depth.maxDepth} levels.`,
    findings,
    data: { ...data, skipped: facts.skipped },
  };
}

/** A file's facts, memoised as run() memoises them (run() reads no declaration files). */
export function perFile(file: ParsedFile, ctx: FileStepContext): void {
  if (isDeclarationFile(file.path)) return;
  fileFactsOf(ctx, file);
  dynamicLoadsOf(ctx, file);
}
