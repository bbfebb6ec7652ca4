/**
 * analysis.naming: naming conventions per kind of name (camelCase, PascalCase, UPPER_CASE), file
 * names, inconsistent spellings of one concept and meaningless names. The checks live in ./naming/.
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
import { analyzeNaming } from './naming/analyze-naming.js';
import { memoisedNaming } from './naming/memoised-naming.js';
import { NAMING_INPUT_SCHEMA, resolveNamingOptions, type NamingInput } from './naming/options.js';
import { NAMING_RULES } from './naming/rules.js';
import { PLANNING } from './naming/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.naming',
  group: 'analysis',
  title: 'Naming',
  description:
    'Naming-convention violations per kind of name (camelCase, PascalCase, UPPER_CASE, file names), inconsistent and meaningless names.',
  version: '1.0.0',
  inputSchema: NAMING_INPUT_SCHEMA,
  writes: false,
  rules: NAMING_RULES,
  planning: PLANNING,
};

export async function run(input: NamingInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = resolveNamingOptions(input ?? {});
  const { units, skipped } = await loadSources(ctx, input ?? {}, meta.id);
  const files = units.map((unit) => {
    ctx.signal.throwIfAborted();
    return { file: unit.path, naming: memoisedNaming(ctx, unit, options) };
  });
  const findings = selectFindings(analyzeNaming(files, options), input?.rules);
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  const names = files.reduce((n, f) => n + f.naming.names.length, 0);
  return {
    summary: `Checked ${names} names in ${units.length} files${skipped.length ? ` (${skipped.length} skipped)` : ''}: ${findings.length} naming findings.`,
    findings,
    data: { counts, names, files: units.length, skipped },
  };
}

/** A file's names and per-file findings, memoised as run() memoises them (run() reads no declaration files). */
export function perFile(file: ParsedFile, ctx: FileStepContext, input: NamingInput): void {
  if (!isDeclarationFile(file.path)) memoisedNaming(ctx, unitOf(file), stepOptions(input));
}

/** The step's options, resolved once per planned input (not once per file). */
const stepOptions = resolvedPerInput(resolveNamingOptions);
