/**
 * One step's own changes: what its overlay changed relative to the overlay it started from (or the
 * disk, for paths no earlier step staged). This is what a reviewer needs per step ("what would step 2
 * change?"), whereas the run's `result.changes` is the whole overlay against the disk.
 */
import type { Change, StagedEntry } from '../contracts/index.js';
import { buildChange, changesFromStaged } from '../workspace/index.js';

export async function stepChanges(root: string, before: StagedEntry[], after: StagedEntry[]): Promise<Change[]> {
  const earlier = new Map(before.map((entry) => [entry.path, entry.content]));
  const onDisk: StagedEntry[] = [];
  const changes: Change[] = [];
  for (const entry of after) {
    if (!earlier.has(entry.path)) {
      onDisk.push(entry);
      continue;
    }
    const change = buildChange(entry.path, earlier.get(entry.path) ?? null, entry.content);
    if (change) changes.push(change);
  }
  // Paths first staged by this step are diffed against the disk, as the run's result is.
  changes.push(...(await changesFromStaged(root, onDisk)));
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
