/**
 * Types inferred from JSON samples, as quicktype infers them: several samples merge into one type
 * (a key missing from some samples is optional, different kinds become a union, null adds `| null`),
 * ISO 8601 strings are date-time/date strings, integers and floats are numbers.
 */
import type { Prop, TypeNode } from './model.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Nothing seen yet (the items of an empty array): the identity of `merge`. */
const NOTHING: TypeNode = { kind: 'union', members: [] };

export function inferValue(value: unknown): TypeNode {
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string') {
    if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return { kind: 'string', format: 'date-time' };
    if (DATE.test(value) && !Number.isNaN(Date.parse(value))) return { kind: 'string', format: 'date' };
    return { kind: 'string' };
  }
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: 'number', integer: true } : { kind: 'number' };
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (Array.isArray(value)) return { kind: 'array', items: value.map(inferValue).reduce(merge, NOTHING) };
  if (typeof value === 'object') {
    const props: Prop[] = Object.entries(value as Record<string, unknown>).map(([name, v]) => ({
      name,
      type: inferValue(v),
      optional: false,
    }));
    return { kind: 'object', props, index: null, closed: false };
  }
  return { kind: 'unknown' };
}

/** The type of all `samples` together. */
export function inferSamples(samples: unknown[]): TypeNode {
  return finish(samples.map(inferValue).reduce(merge, NOTHING));
}

const members = (t: TypeNode): TypeNode[] => (t.kind === 'union' ? t.members : [t]);

/** The merge of two inferred types: one member per kind (objects, arrays, strings, numbers, booleans, null). */
export function merge(a: TypeNode, b: TypeNode): TypeNode {
  const out = [...members(a)];
  for (const m of members(b)) {
    const at = out.findIndex((o) => o.kind === m.kind);
    if (at < 0) out.push(m);
    else out[at] = mergeSame(out[at]!, m);
  }
  return out.length === 1 ? out[0]! : { kind: 'union', members: out };
}

function mergeSame(a: TypeNode, b: TypeNode): TypeNode {
  if (a.kind === 'string' && b.kind === 'string') return a.format && a.format === b.format ? a : { kind: 'string' };
  if (a.kind === 'number' && b.kind === 'number') return a.integer && b.integer ? a : { kind: 'number' };
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', items: merge(a.items, b.items) };
  if (a.kind === 'object' && b.kind === 'object') {
    const props: Prop[] = [];
    for (const p of a.props) {
      const q = b.props.find((x) => x.name === p.name);
      props.push(q ? { name: p.name, type: merge(p.type, q.type), optional: p.optional || q.optional } : { ...p, optional: true });
    }
    for (const q of b.props) if (!a.props.some((p) => p.name === q.name)) props.push({ ...q, optional: true });
    return { kind: 'object', props, index: null, closed: false };
  }
  return a;
}

/** Empty unions (never-seen array items) become unknown; `null` goes last in a union, as people write it. */
function finish(t: TypeNode): TypeNode {
  switch (t.kind) {
    case 'union': {
      if (t.members.length === 0) return { kind: 'unknown' };
      const ms = t.members.map(finish);
      const ordered = [...ms.filter((m) => m.kind !== 'null'), ...ms.filter((m) => m.kind === 'null')];
      return ordered.length === 1 ? ordered[0]! : { kind: 'union', members: ordered };
    }
    case 'array':
      return { kind: 'array', items: finish(t.items) };
    case 'object':
      return { ...t, props: t.props.map((p) => ({ ...p, type: finish(p.type) })) };
    default:
      return t;
  }
}

/** Date-time and date strings as `Date` (the `dates: "Date"` option: the caller revives them). */
export function datesAsDate(t: TypeNode): TypeNode {
  switch (t.kind) {
    case 'string':
      return t.format ? { kind: 'date' } : t;
    case 'union':
      return { kind: 'union', members: t.members.map(datesAsDate) };
    case 'array':
      return { kind: 'array', items: datesAsDate(t.items) };
    case 'object':
      return { ...t, props: t.props.map((p) => ({ ...p, type: datesAsDate(p.type) })), index: t.index ? datesAsDate(t.index) : null };
    default:
      return t;
  }
}
