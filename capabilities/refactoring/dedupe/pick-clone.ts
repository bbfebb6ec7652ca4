/** The clone pair to merge: the input's, or the largest `duplication/clone` finding of an earlier step. */
import type { StepResult } from '../../../core/index.js';
import { refuse } from '../ts-project/refusal.js';
import type { CloneSide, DedupeInput } from './options.js';

interface CloneData {
  lines?: number;
  first?: CloneSide;
  second?: CloneSide;
}

export function pickClone(input: DedupeInput, previous: StepResult[]): { a: CloneSide; b: CloneSide } {
  if (input.clone) return input.clone;
  const clones = previous
    .flatMap((r) => r.findings ?? [])
    .filter((f) => f.ruleId === 'duplication/clone')
    .map((f) => f.data as CloneData | undefined)
    .filter((d): d is Required<CloneData> => d?.first !== undefined && d.second !== undefined)
    .map((d) => ({ lines: d.lines ?? d.first.endLine - d.first.startLine + 1, a: d.first, b: d.second }));
  if (clones.length === 0)
    throw refuse(
      'No clone was given and no earlier step reported a "duplication/clone" finding; run analysis.duplication first or pass input.clone.',
    );
  const largest = clones.reduce((best, c) => (c.lines > best.lines ? c : best));
  return { a: largest.a, b: largest.b };
}
