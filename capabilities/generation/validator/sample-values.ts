/**
 * Values of a type model as source code, for the test file generation.validator writes: one valid
 * value and mutations of it that the validator must refuse (a required field removed, a field of the
 * wrong type, an extra key on a closed object).
 */
import { withArticle } from '../kit/index.js';
import type { Declaration, TypeNode } from '../types/model.js';
import { propertyKey } from '../types/print.js';

/** "a User", "an Order" (the kit's rule, shared with the other generators). */
export { withArticle };

export type JsonKind = 'number' | 'string' | 'boolean' | 'null' | 'array' | 'object';

/** Wrong-kind candidates: the value and its code. */
export const CANDIDATES: { kind: JsonKind; value: unknown; code: string }[] = [
  { kind: 'number', value: 42, code: '42' },
  { kind: 'string', value: 'not valid', code: "'not valid'" },
  { kind: 'boolean', value: true, code: 'true' },
  { kind: 'null', value: null, code: 'null' },
  { kind: 'array', value: [], code: '[]' },
];

/** Whether a value of JSON kind `kind` (exactly `value`) may be a `node`; conservative (true when unsure). */
export function mayAccept(node: TypeNode, value: unknown, decls: Declaration[], seen = new Set<string>()): boolean {
  switch (node.kind) {
    case 'unknown':
      return true;
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'date':
      return value instanceof Date;
    case 'literal':
      return value === node.value;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'union':
      return node.members.some((m) => mayAccept(m, value, decls, seen));
    case 'ref': {
      if (seen.has(node.name)) return true;
      const d = decls.find((x) => x.name === node.name);
      return d ? mayAccept(d.type, value, decls, new Set([...seen, node.name])) : true;
    }
  }
}

/** Source code of a valid value of `node` (optional fields included at the top level only). */
export function validCode(node: TypeNode, decls: Declaration[], depth = 0): string {
  switch (node.kind) {
    case 'unknown':
      return "'anything'";
    case 'string':
      return node.format === 'date-time' ? "'2024-01-31T12:00:00Z'" : node.format === 'date' ? "'2024-01-31'" : "'text'";
    case 'number':
      return '1';
    case 'boolean':
      return 'true';
    case 'null':
      return 'null';
    case 'date':
      return "new Date('2024-01-31T12:00:00Z')";
    case 'literal':
      return JSON.stringify(node.value);
    case 'array':
      return depth > 3 ? '[]' : `[${validCode(node.items, decls, depth + 1)}]`;
    case 'union': {
      const m =
        node.members.find((x) => x.kind !== 'null' && x.kind !== 'ref') ?? node.members.find((x) => x.kind !== 'null') ?? node.members[0];
      return m ? validCode(m, decls, depth) : 'undefined';
    }
    case 'ref': {
      const d = decls.find((x) => x.name === node.name);
      return d ? validCode(d.type, decls, depth + 1) : "'anything'";
    }
    case 'object': {
      const props = node.props.filter((p) => !p.optional || depth === 0);
      return `{ ${props.map((p) => `${propertyKey(p.name)}: ${validCode(p.type, decls, depth + 1)}`).join(', ')} }`;
    }
  }
}

export interface TestCase {
  title: string;
  value: string;
  expected: boolean;
}

/** The valid value and the mutations a validator of `root` must refuse. */
export function testCases(decls: Declaration[], root: string): TestCase[] {
  const decl = decls.find((d) => d.name === root)!;
  const cases: TestCase[] = [{ title: `accepts a valid ${root}`, value: validCode(decl.type, decls), expected: true }];
  const t = decl.type;
  if (t.kind !== 'object') {
    const wrong = CANDIDATES.find((c) => !mayAccept(t, c.value, decls));
    if (wrong) cases.push({ title: `refuses ${wrong.code.replace(/'/g, '')}`, value: wrong.code, expected: false });
    return cases;
  }
  const fields = (skip?: string, replace?: [string, string]): string =>
    `{ ${t.props
      .filter((p) => p.name !== skip)
      .map((p) => `${propertyKey(p.name)}: ${replace && replace[0] === p.name ? replace[1] : validCode(p.type, decls, 1)}`)
      .join(', ')} }`;
  const required = t.props.find((p) => !p.optional);
  if (required)
    cases.push({ title: `refuses ${withArticle(root)} without ${required.name}`, value: fields(required.name), expected: false });
  for (const p of t.props) {
    const wrong = CANDIDATES.find((c) => !mayAccept(p.type, c.value, decls) && !(p.optional && c.value === undefined));
    if (!wrong) continue;
    cases.push({
      title: `refuses ${withArticle(root)} whose ${p.name} is ${wrong.kind === 'null' ? 'null' : `a ${wrong.kind}`}`,
      value: fields(undefined, [p.name, wrong.code]),
      expected: false,
    });
    break;
  }
  if (t.closed)
    cases.push({
      title: `refuses ${withArticle(root)} with an unknown key`,
      value: `{ ...${fields()}, unexpectedKey: 1 }`,
      expected: false,
    });
  return cases;
}
