/**
 * The test files a change can affect: those that import a changed module, directly or through other
 * modules (the reverse closure over the import graph), among the files the runner selects. Anything the
 * graph cannot follow widens the run to every test, with the reason: a changed or deleted file that is
 * not a JS/TS module (package.json, a JSON fixture, a .d.ts, a config), a deletion (its importers'
 * broken imports are not edges any more), or no selected test file in the closure (a module reached only
 * through a path the graph does not see, such as `require(name)`).
 */
import type { Change } from '../contracts/index.js';

export type AffectedTests = { files: string[]; of: number } | { files: null; reason: string };

const MODULE = /\.[cm]?[jt]sx?$/;
const DECLARATION = /\.d\.[cm]?ts$/;

export function isFollowedModule(file: string): boolean {
  return MODULE.test(file) && !DECLARATION.test(file);
}

/**
 * `links`: [importer, imported] pairs of the import graph (after the change); `selected`: the test files
 * the runner would run without a filter.
 */
export function affectedTests(changes: Pick<Change, 'path' | 'action'>[], links: [string, string][], selected: string[]): AffectedTests {
  if (changes.length === 0) return { files: null, reason: 'nothing is staged' };
  const deleted = changes.find((c) => c.action === 'delete');
  if (deleted) return { files: null, reason: `${deleted.path} is deleted (the imports it leaves broken are not in the graph)` };
  const other = changes.find((c) => !isFollowedModule(c.path));
  if (other) return { files: null, reason: `${other.path} is not a JS/TS module the import graph follows` };
  const importers = new Map<string, string[]>();
  for (const [from, to] of links) {
    const list = importers.get(to);
    if (list) list.push(from);
    else importers.set(to, [from]);
  }
  const reached = new Set(changes.map((c) => c.path));
  const queue = [...reached];
  while (queue.length > 0) {
    for (const from of importers.get(queue.pop()!) ?? []) {
      if (reached.has(from)) continue;
      reached.add(from);
      queue.push(from);
    }
  }
  const files = selected.filter((f) => reached.has(f)).sort();
  if (files.length === 0) return { files: null, reason: 'no test file the runner selects imports the changed modules' };
  return { files, of: selected.length };
}
