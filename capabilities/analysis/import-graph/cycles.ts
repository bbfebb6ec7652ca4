/** Import cycles of a graph: one entry per cyclic component, with a concrete cycle path through it. */
import { adjacency, type ImportGraph } from './import-graph.js';
import { cyclePath, cyclicComponents } from './strongly-connected.js';

export interface ImportCycle {
  /** Every module of the strongly connected component, sorted. */
  members: string[];
  /** One cycle through it: [a, b, ..., a]. */
  path: string[];
  /** Line of the import in path[0] that points at path[1]. */
  line: number;
}

export function findCycles(graph: Pick<ImportGraph, 'sources' | 'edges'>, includeTypeOnly = false): ImportCycle[] {
  const edges = adjacency(graph, includeTypeOnly);
  return cyclicComponents(graph.sources, edges).map((members) => {
    const path = cyclePath(members, edges);
    const edge = graph.edges.find((e) => e.from === path[0] && e.to === path[1] && (includeTypeOnly || !e.typeOnly));
    return { members, path, line: edge?.line ?? 1 };
  });
}
