/**
 * refactoring.suggest: ranked refactoring suggestions from analysis findings (earlier steps', or fresh
 * complexity/smells/duplication runs) and from what the checker and the syntax tree show (dead code,
 * legacy idioms). Each suggestion carries the exact `{ capability, input }` step that carries it out,
 * valid against that capability's inputSchema. Proposes only; writes nothing.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { loadTsProject, SOURCE_EXTENSIONS } from './ts-project/load-project.js';
import { cloneSuggestions } from './suggest/clone-suggestions.js';
import { deadCodeSuggestions } from './suggest/dead-code-suggestions.js';
import { functionSuggestions } from './suggest/function-suggestions.js';
import { gatherFindings } from './suggest/gather-findings.js';
import { legacySuggestions } from './suggest/legacy-suggestions.js';
import { DEFAULT_LIMIT, INPUT_SCHEMA, type SuggestInput } from './suggest/options.js';
import { rank } from './suggest/suggestion.js';
import { trySuggestions } from './suggest/dry-run.js';
import { withoutTestAndGeneratedFiles } from './suggest/target-files.js';
import { PLANNING } from './suggest/planning.js';

export const meta: CapabilityMeta = {
  id: 'refactoring.suggest',
  group: 'refactoring',
  title: 'Suggest refactorings',
  description: 'Ranked refactoring suggestions from analysis findings, each with the exact capability and input that would carry it out.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  planning: PLANNING,
  execution: {
    parses: 'ts-program',
    composes: [
      'analysis.complexity',
      'analysis.smells',
      'analysis.duplication',
      'refactoring.extract-function',
      'refactoring.dedupe',
      'refactoring.simplify',
      'refactoring.modernize',
    ],
  },
};

export async function run(input: SuggestInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const scope = { include: options.include, exclude: options.exclude };
  const files = await ctx.workspace.list({ ...scope, extensions: SOURCE_EXTENSIONS });
  const { findings, ran } = await gatherFindings(ctx, scope, options.analyze !== false);
  const inScope = new Set(files);
  const relevant = findings.filter((f) => inScope.has(f.file));
  const loaded = await loadTsProject(ctx);
  const all = [
    ...functionSuggestions(relevant, loaded),
    ...cloneSuggestions(relevant),
    ...deadCodeSuggestions(loaded, files),
    ...(await legacySuggestions(
      ctx,
      files.filter((f) => /\.[cm]?jsx?$/.test(f)),
    )),
  ];
  const limit = options.limit ?? DEFAULT_LIMIT;
  // Test and generated files only when the include names them (the user asked).
  const asked = (options.include ?? []).length > 0;
  const { kept: targeted, left } = asked
    ? { kept: rank(all, all.length), left: [] }
    : await withoutTestAndGeneratedFiles(ctx, rank(all, all.length));
  const tried = options.dryRun === false ? null : await trySuggestions(ctx, targeted, limit);
  const suggestions = tried ? tried.kept : targeted.slice(0, limit);
  const top = suggestions[0];
  const notes = [
    tried
      ? `each tried without staging${tried.dropped.length > 0 ? `, ${tried.dropped.length} dropped (refused or changing nothing)` : ''}`
      : 'not tried (dryRun: false)',
    ...(left.length > 0 ? [`${left.length} in test or generated files left out`] : []),
  ];
  return {
    summary: `${suggestions.length} refactoring suggestion(s) for ${files.length} files (${notes.join('; ')})${ran.length > 0 ? `; ran ${ran.join(', ')}` : ''}${top ? `; top: ${top.title}` : ''}.`,
    data: {
      suggestions,
      dropped: tried?.dropped ?? [],
      leftOut: left,
      untried: tried ? tried.untried : Math.max(0, targeted.length - limit),
      analysed: ran,
      findingsUsed: relevant.length,
    },
  };
}
