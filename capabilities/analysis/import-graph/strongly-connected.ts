/**
 * Tarjan's strongly connected components (iterative, so deep import chains cannot overflow the stack)
 * and, for each component with a cycle, one cycle through it written as a path (a -> b -> a).
 */

export function stronglyConnected(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) components.push(popComponent(stack, onStack, frame.node));
    }
  }
  return components;
}

function popComponent(stack: string[], onStack: Set<string>, root: string): string[] {
  const component: string[] = [];
  for (;;) {
    const node = stack.pop()!;
    onStack.delete(node);
    component.push(node);
    if (node === root) return component;
  }
}

/** The components that hold a cycle: more than one node, or one node importing itself. */
export function cyclicComponents(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  return stronglyConnected(nodes, edges)
    .filter((c) => c.length > 1 || (edges.get(c[0]!) ?? []).includes(c[0]!))
    .map((c) => [...c].sort());
}

/**
 * A shortest cycle through the component's first (alphabetical) node, found by breadth-first search
 * inside the component: [a, b, c, a].
 */
export function cyclePath(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) return [...pathTo(previous, node, start), start];
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

function pathTo(previous: Map<string, string>, node: string, start: string): string[] {
  const path = [node];
  while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
  return path;
}
