/** Turning an overlay (staged entries + what the disk held) into `Change`s with unified diffs. */
import { createRequire } from 'node:module';
import type * as Diff from 'diff';
import type { Change, StagedEntry } from '../contracts/index.js';
import { confinePath, realRoot } from './confine-path.js';
import { readTextOrNull } from './text-file.js';

// jsdiff loads when a change is first made: every workspace view imports this module, and a
// read-only step (an analysis, a scan's ten checks) never needs a diff.
const require = createRequire(import.meta.url);
let diffLib: typeof Diff | undefined;

/** The change from `before` (disk) to `after` (overlay), or null when nothing would change. */
export function buildChange(path: string, before: string | null, after: string | null): Change | null {
  if (before === after) return null;
  const action: Change['action'] = before === null ? 'create' : after === null ? 'delete' : 'modify';
  const { createTwoFilesPatch } = (diffLib ??= require('diff') as typeof Diff);
  const diff = createTwoFilesPatch(
    before === null ? '/dev/null' : `a/${path}`,
    after === null ? '/dev/null' : `b/${path}`,
    before ?? '',
    after ?? '',
    undefined,
    undefined,
    { context: 3 },
  );
  return { path, action, before, after, diff };
}

/** Changes of an overlay against the disk as it is now; entries that change nothing are dropped. */
export async function changesFromStaged(root: string, staged: StagedEntry[]): Promise<Change[]> {
  const base = await realRoot(root);
  const changes: Change[] = [];
  for (const entry of staged) {
    const { rel, abs } = await confinePath(base, entry.path);
    const change = buildChange(rel, await readTextOrNull(rel, abs), entry.content);
    if (change) changes.push(change);
  }
  return changes;
}
