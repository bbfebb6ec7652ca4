/** Hand-written type guards of the type model: `isName(value): value is Name` per declaration, no dependency. */
import type { Declaration, Prop, TypeNode } from '../types/model.js';
import { withArticle } from './sample-values.js';

export const guardName = (type: string): string => `is${type}`;

export interface EmittedGuard {
  name: string;
  type: string;
  /** "a User", "an Order". */
  article: string;
  exported: boolean;
  /** The boolean expression over `value` (already known to be a record when `record`). */
  body: string;
  record: boolean;
  /** Keys of a closed object (extra keys are refused). */
  keys: string[] | null;
  /** The check of values under other keys (index signature), over `entry`. */
  indexCheck: string | null;
}

const access = (target: string, key: string): string => `${target}[${JSON.stringify(key)}]`;

/** The check of one property; an unknown-typed one only needs its key (required) or nothing (optional). */
function propertyCheck(p: Prop, target: string, depth: number): string | null {
  if (p.type.kind === 'unknown') return p.optional ? null : `${JSON.stringify(p.name)} in ${target}`;
  const c = check(p.type, access(target, p.name), depth);
  return p.optional ? `(${access(target, p.name)} === undefined || ${c})` : c;
}

export function guards(decls: Declaration[], root: string): EmittedGuard[] {
  return decls.map((d) => {
    const base = { name: guardName(d.name), type: d.name, article: withArticle(d.name), exported: d.name === root };
    if (d.type.kind !== 'object') return { ...base, body: check(d.type, 'value', 0), record: false, keys: null, indexCheck: null };
    const t = d.type;
    const indexCheck = !t.closed && t.index && t.index.kind !== 'unknown' ? check(t.index, 'entry', 0) : null;
    const parts = t.props.map((p) => propertyCheck(p, 'value', 0)).filter((c): c is string => c !== null);
    return {
      ...base,
      body: parts.length > 0 ? parts.join(' && ') : 'true',
      record: true,
      keys: t.closed || indexCheck ? t.props.map((p) => p.name) : null,
      indexCheck,
    };
  });
}

function check(node: TypeNode, x: string, depth: number): string {
  switch (node.kind) {
    case 'string':
      return `typeof ${x} === 'string'`;
    case 'number':
      return `typeof ${x} === 'number'`;
    case 'boolean':
      return `typeof ${x} === 'boolean'`;
    case 'null':
      return `${x} === null`;
    case 'unknown':
      return 'true';
    case 'date':
      return `${x} instanceof Date`;
    case 'literal':
      return `${x} === ${JSON.stringify(node.value)}`;
    case 'ref':
      return `${guardName(node.name)}(${x})`;
    case 'array': {
      if (node.items.kind === 'unknown') return `Array.isArray(${x})`;
      const item = depth === 0 ? 'item' : `item${depth}`;
      return `Array.isArray(${x}) && ${x}.every((${item}: unknown) => ${check(node.items, item, depth + 1)})`;
    }
    case 'union':
      return node.members.length === 0 ? 'false' : `(${node.members.map((m) => check(m, x, depth)).join(' || ')})`;
    case 'object': {
      const v = `record${depth}`;
      const parts = node.props.map((p) => propertyCheck(p, v, depth + 1)).filter((c): c is string => c !== null);
      const known = JSON.stringify(node.props.map((p) => p.name));
      if (node.closed)
        parts.push(node.props.length === 0 ? `Object.keys(${v}).length === 0` : `Object.keys(${v}).every((key) => ${known}.includes(key))`);
      else if (node.index && node.index.kind !== 'unknown') {
        parts.push(
          node.props.length === 0
            ? `Object.values(${v}).every((entry) => ${check(node.index, 'entry', depth + 1)})`
            : `Object.entries(${v}).every(([key, entry]) => ${known}.includes(key) || ${check(node.index, 'entry', depth + 1)})`,
        );
      }
      return parts.length === 0 ? `isRecord(${x})` : `isRecord(${x}) && ((${v}: Record<string, unknown>) => ${parts.join(' && ')})(${x})`;
    }
  }
}
