/** The diffs of a step or a result; a diff cut in the record is replaced by its whole text once loaded. */
import type { ChangeView } from '../api/types.js';
import { DiffView } from './diff-view.js';
import { changeKey } from '../whole-changes.js';

export function ChangesList({
  changes,
  sideBySide,
  label,
  whole,
}: {
  changes: ChangeView[];
  sideBySide: boolean;
  label: string;
  whole: Map<string, ChangeView> | null;
}) {
  if (changes.length === 0) return null;
  return (
    <div class="changes" aria-label={label}>
      {changes.map((change) => {
        const full = change.diffTruncated ? whole?.get(changeKey(change)) : undefined;
        return <DiffView key={`${change.index}-${change.path}`} change={full ?? change} sideBySide={sideBySide} />;
      })}
    </div>
  );
}
