/**
 * refactoring.dedupe: replaces a duplicated block (a clone pair from analysis.duplication) with one
 * shared function — parameters for the renamed variables and changed literals, return values for what
 * the code after the block reads — placed in the first copy's file, or in a new module both files
 * import when the copies are in different files. Refused, with the reason, when the copies are not
 * whole statements, differ in a way a parameter cannot carry, or the result would not compile.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { dedupeClone } from './dedupe/dedupe-clone.js';
import { INPUT_SCHEMA, type DedupeInput } from './dedupe/options.js';
import { pickClone } from './dedupe/pick-clone.js';
import { loadTsProject } from './ts-project/load-project.js';
import { PLANNING } from './dedupe/planning.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.dedupe',
  group: 'refactoring',
  title: 'Deduplicate',
  description:
    'Replaces a duplicated block reported by analysis.duplication with one shared, parameterised function, placed in the same file or a new shared module.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: true,
  planning: PLANNING,
  execution: { parses: 'ts-program' },
};

export async function run(input: DedupeInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const clone = pickClone(options, ctx.previous);
  const name = options.name ?? 'sharedBlock';
  const loaded = await loadTsProject(ctx);
  const result = await dedupeClone(ctx, loaded, clone, name, options.modulePath);
  const where = result.module ? `a new module "${result.module.slice(1)}"` : `"${clone.a.file}"`;
  const { findings, note, ...facts } = result;
  return {
    summary: `Replaced lines ${result.lines.a.join('-')} of "${clone.a.file}" and ${result.lines.b.join('-')} of "${clone.b.file}" with ${name}(${result.params.join(', ')}) in ${where}.${note}`,
    findings,
    changes: ctx.workspace.changes(),
    data: { clone, name, ...facts },
  };
}
