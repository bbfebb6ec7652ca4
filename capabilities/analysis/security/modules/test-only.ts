/**
 * Code that only tests reach: a file that is not a test itself but is imported only by tests (or by
 * other such files) — a test server, a fixture builder, a helper under src/ that only specs load.
 * Its findings are test findings (../file-kind.ts's policy applies to them). A file nobody imports is
 * an entry point, never test-only.
 */
import { isTestPath } from '../file-kind.js';
import { importGraph, type ImportGraph } from './import-graph.js';

export function testOnlyFiles(
  files: readonly { path: string; specifiers: readonly string[] }[],
  graph: ImportGraph = importGraph(files),
): Set<string> {
  const { importers } = graph;
  const testish = new Set(files.filter((f) => isTestPath(f.path)).map((f) => f.path));
  const out = new Set<string>();
  // Each round can only add files; a chain of n helpers settles in n rounds.
  for (let changed = true; changed;) {
    changed = false;
    for (const f of files) {
      if (testish.has(f.path)) continue;
      const by = importers.get(f.path);
      if (!by || by.length === 0 || !by.every((i) => testish.has(i))) continue;
      testish.add(f.path);
      out.add(f.path);
      changed = true;
    }
  }
  return out;
}
