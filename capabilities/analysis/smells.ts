/**
 * analysis.smells: long functions and files, long parameter lists, deep nesting, large classes, magic
 * numbers, unreachable code, unused exports (a project-wide import/export index) and boolean flag
 * parameters. The checks live in ./smells/; they are pure functions that analysis.quality reuses.
 */
import {
  isDeclarationFile,
  loadSources,
  resolvedPerInput,
  selectFindings,
  unitOf,
  type CapabilityContext,
  type CapabilityMeta,
  type FileStepContext,
  type ParsedFile,
  type StepResult,
} from '../../core/index.js';
import { analyzeSmells } from './smells/analyze-smells.js';
import { memoisedSmells } from './smells/memoised-smells.js';
import { resolveSmellOptions, SMELLS_INPUT_SCHEMA, type SmellsInput } from './smells/options.js';
import { SMELL_RULES } from './smells/rules.js';
import { readPackageEntries } from './smells/package-entries.js';
import { PLANNING } from './smells/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.smells',
  group: 'analysis',
  title: 'Code smells',
  description:
    'Long functions and files, long parameter lists, deep nesting, large classes, magic numbers, unreachable code, unused exports and boolean flag parameters.',
  version: '1.0.0',
  inputSchema: SMELLS_INPUT_SCHEMA,
  writes: false,
  rules: SMELL_RULES,
  planning: PLANNING,
  // Long functions, parameter lists and nesting come from complexity's per-file metrics, which the
  // parse threads measure beside each tree (native/flat-metrics.c).
  execution: { metrics: true },
};

export async function run(input: SmellsInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = resolveSmellOptions(input ?? {});
  const { units, skipped } = await loadSources(ctx, input ?? {}, meta.id);
  const files = units.map((unit) => {
    ctx.signal.throwIfAborted();
    return { file: unit.path, smells: memoisedSmells(ctx, unit, options) };
  });
  const project = analyzeSmells(files, options, await readPackageEntries(ctx));
  const findings = selectFindings(project.findings, input?.rules);
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  const summary = `Found ${findings.length} smells in ${units.length} files${skipped.length ? ` (${skipped.length} skipped)` : ''}: ${
    Object.entries(counts)
      .map(([id, n]) => `${n} ${id.slice('smells/'.length)}`)
      .join(', ') || 'none'
  }.`;
  return { summary, findings, data: { thresholds: options.thresholds, counts, files: units.length, skipped } };
}

/** A file's smells and measures, memoised as run() memoises them (run() reads no declaration files). */
export function perFile(file: ParsedFile, ctx: FileStepContext, input: SmellsInput): void {
  if (!isDeclarationFile(file.path)) memoisedSmells(ctx, unitOf(file), stepOptions(input));
}

/** The step's options, resolved once per planned input (not once per file). */
const stepOptions = resolvedPerInput(resolveSmellOptions);
