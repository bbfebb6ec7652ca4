/**
 * Which files the taint engine must evaluate. A taint finding needs input (a source, or a DOM HTML
 * sink that reports on its own), created in a file that can start taint (../taint/input-triggers.ts):
 *  - such a file, and every file that imports one (transitively), can report: input reaches them
 *    through their own code or through summaries of what they import;
 *  - every file those import (transitively) can be consulted for summaries (a sink behind a
 *    parameter, a parameter returned), so it is evaluated too.
 * No other file can report, or be consulted by the cross-file link (./link-taint.ts): its calls pass
 * no input, so it is never "relevant" there. Edges are over-approximated — every relative string
 * literal of a file, not only its imports, re-exports and `require`s — which only adds files.
 */
import { importGraph, type ImportGraph } from './import-graph.js';

export interface ReachFacts {
  path: string;
  /** Whether the file can start taint on its own: 'full' also for its importers and imports, 'local' for itself alone. */
  starts: 'none' | 'local' | 'full' | boolean;
  /** Relative specifiers the file may load (`./db`, `../lib/x.js`). */
  specifiers: readonly string[];
}

export function filesNeedingTaint(files: readonly ReachFacts[], graph: ImportGraph = importGraph(files)): Set<string> {
  const { imports, importers } = graph;
  const reporting = closure(
    files.filter((f) => f.starts === true || f.starts === 'full').map((f) => f.path),
    importers,
  );
  const needed = closure([...reporting], imports);
  for (const f of files) if (f.starts === 'local') needed.add(f.path);
  return needed;
}

/** The start set and everything reachable from it along `edges`. */
function closure(start: readonly string[], edges: ReadonlyMap<string, readonly string[]>): Set<string> {
  const out = new Set(start);
  const queue = [...start];
  while (queue.length > 0) {
    for (const next of edges.get(queue.pop()!) ?? []) {
      if (out.has(next)) continue;
      out.add(next);
      queue.push(next);
    }
  }
  return out;
}
