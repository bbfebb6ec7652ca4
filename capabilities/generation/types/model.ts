/**
 * The type model shared by generation.types (from JSON samples and JSON Schema), generation.validator
 * (from a TypeScript declaration) and generation.client (from OpenAPI schemas): plain JSON, so a
 * template override sees the same data and tests can derive values of a type from it.
 */

export type TypeNode =
  | { kind: 'string'; format?: 'date-time' | 'date' }
  | { kind: 'number'; integer?: boolean }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'unknown' }
  /** A JavaScript Date object (the `dates: "Date"` option, or `Date` in a TypeScript declaration). */
  | { kind: 'date' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; items: TypeNode }
  | { kind: 'object'; props: Prop[]; index: TypeNode | null; closed: boolean }
  | { kind: 'union'; members: TypeNode[] }
  | { kind: 'ref'; name: string };

export interface Prop {
  name: string;
  type: TypeNode;
  optional: boolean;
  doc?: string;
}

export interface Declaration {
  name: string;
  type: TypeNode;
  doc?: string;
}

export const STRING: TypeNode = { kind: 'string' };
export const UNKNOWN: TypeNode = { kind: 'unknown' };

/** A union of `members` flattened, without duplicates; one member is itself, none is unknown. */
export function unionOf(members: TypeNode[]): TypeNode {
  const flat: TypeNode[] = [];
  for (const m of members) for (const x of m.kind === 'union' ? m.members : [m]) if (!flat.some((f) => sameType(f, x))) flat.push(x);
  if (flat.some((m) => m.kind === 'unknown')) return UNKNOWN;
  if (flat.length === 0) return UNKNOWN;
  return flat.length === 1 ? flat[0]! : { kind: 'union', members: flat };
}

export function sameType(a: TypeNode, b: TypeNode): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Names of the declarations `node` refers to. */
export function refsOf(node: TypeNode, into: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'ref':
      into.add(node.name);
      break;
    case 'array':
      refsOf(node.items, into);
      break;
    case 'union':
      for (const m of node.members) refsOf(m, into);
      break;
    case 'object':
      for (const p of node.props) refsOf(p.type, into);
      if (node.index) refsOf(node.index, into);
      break;
    default:
      break;
  }
  return into;
}

/** Declarations ordered so each comes after the ones it refers to; `cyclic` lists names on a reference cycle. */
export function dependencyOrder(decls: Declaration[]): { ordered: Declaration[]; cyclic: string[] } {
  const byName = new Map(decls.map((d) => [d.name, d]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: Declaration[] = [];
  const cyclic = new Set<string>();
  const visit = (name: string, stack: string[]): void => {
    const decl = byName.get(name);
    if (!decl) return;
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      for (const n of stack.slice(stack.indexOf(name))) cyclic.add(n);
      return;
    }
    state.set(name, 'visiting');
    for (const ref of refsOf(decl.type)) visit(ref, [...stack, name]);
    state.set(name, 'done');
    ordered.push(decl);
  };
  for (const d of decls) visit(d.name, []);
  return { ordered, cyclic: [...cyclic] };
}

/** The declarations `root` reaches through references, root first. */
export function reachable(decls: Declaration[], root: string): Declaration[] {
  const byName = new Map(decls.map((d) => [d.name, d]));
  const seen = new Set<string>();
  const out: Declaration[] = [];
  const visit = (name: string): void => {
    const d = byName.get(name);
    if (!d || seen.has(name)) return;
    seen.add(name);
    out.push(d);
    for (const r of refsOf(d.type)) visit(r);
  };
  visit(root);
  return out;
}
