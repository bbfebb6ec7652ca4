/**
 * fast-check values of the shared type model (what generation.validator read from the declaration)
 * and mutations of them that leave the type: a required field removed, a field of a wrong kind, an
 * extra key on a closed object.
 */
import fc from 'fast-check';
import type { Declaration, TypeNode } from '../../../../capabilities/generation/types/model.js';
import { CANDIDATES, mayAccept } from '../../../../capabilities/generation/validator/sample-values.js';

export function arbitraryOf(node: TypeNode, decls: Declaration[], depth = 0): fc.Arbitrary<unknown> {
  switch (node.kind) {
    case 'string':
      return node.format
        ? fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4102444800000) }).map((d) => d.toISOString())
        : fc.string();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.jsonValue();
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'literal':
      return fc.constant(node.value);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryOf(node.items, decls, depth + 1), { maxLength: 3 });
    case 'union':
      return fc.oneof(...node.members.map((m) => arbitraryOf(m, decls, depth)));
    case 'ref':
      return arbitraryOf(decls.find((d) => d.name === node.name)!.type, decls, depth + 1);
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const p of node.props) shape[p.name] = arbitraryOf(p.type, decls, depth + 1);
      const record = fc.record(shape, { requiredKeys: node.props.filter((p) => !p.optional).map((p) => p.name) });
      if (!node.index) return record;
      const extra = fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !node.props.some((p) => p.name === k) && k !== '__proto__'),
        arbitraryOf(node.index, decls, depth + 1),
        { maxKeys: 2 },
      );
      return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
    }
  }
}

export type Mutation = { kind: 'remove'; key: string } | { kind: 'wrong'; key: string; value: unknown } | { kind: 'extra' };

/** The mutations of a root object type that no value of the type survives. */
export function mutationsOf(node: TypeNode, decls: Declaration[]): Mutation[] {
  if (node.kind !== 'object') return [];
  const out: Mutation[] = [];
  for (const p of node.props) {
    if (!p.optional) out.push({ kind: 'remove', key: p.name });
    for (const c of CANDIDATES) if (!mayAccept(p.type, c.value, decls)) out.push({ kind: 'wrong', key: p.name, value: c.value });
  }
  if (node.closed) out.push({ kind: 'extra' });
  return out;
}

export function mutate(value: Record<string, unknown>, m: Mutation): Record<string, unknown> {
  const copy = { ...value };
  if (m.kind === 'remove') delete copy[m.key];
  else if (m.kind === 'wrong') copy[m.key] = m.value;
  else copy.unexpectedKey = 1;
  return copy;
}
