/** TypeScript text of the type model: type expressions and declarations (interface for objects, type alias otherwise). */
import type { Declaration, Prop, TypeNode } from './model.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

/** A type expression; `indent` is the nesting level of inline object literals. */
export function printType(node: TypeNode, indent = 0): string {
  switch (node.kind) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'unknown':
      return 'unknown';
    case 'date':
      return 'Date';
    case 'literal':
      return JSON.stringify(node.value);
    case 'ref':
      return node.name;
    case 'array': {
      const items = printType(node.items, indent);
      return node.items.kind === 'union' ? `Array<${items}>` : `${items}[]`;
    }
    case 'union':
      return node.members.length === 0 ? 'never' : node.members.map((m) => printType(m, indent)).join(' | ');
    // `{}` admits any non-nullish value (typescript-eslint's no-empty-object-type): an object seen empty is a record
    case 'object':
      return node.props.length === 0 && !node.index
        ? 'Record<string, unknown>'
        : `{\n${printMembers(node.props, node.index, indent + 1)}${'  '.repeat(indent)}}`;
  }
}

/** A property's doc comment: its own, or what its format means. */
function propDoc(prop: Prop): string | undefined {
  if (prop.doc) return prop.doc;
  const t = prop.type.kind === 'union' ? prop.type.members.find((m) => m.kind === 'string' && m.format) : prop.type;
  if (t?.kind === 'string' && t.format === 'date-time') return 'ISO 8601 date-time string, e.g. "2024-01-31T12:00:00Z".';
  if (t?.kind === 'string' && t.format === 'date') return 'ISO 8601 date string, e.g. "2024-01-31".';
  return undefined;
}

export function printMembers(props: Prop[], index: TypeNode | null, indent: number): string {
  const pad = '  '.repeat(indent);
  let out = '';
  for (const prop of props) {
    const doc = propDoc(prop);
    if (doc) out += `${pad}/** ${doc.replace(/\*\//g, '* /')} */\n`;
    out += `${pad}${propertyKey(prop.name)}${prop.optional ? '?' : ''}: ${printType(prop.type, indent)};\n`;
  }
  if (index) out += `${pad}[key: string]: ${printIndexType(props, index, indent)};\n`;
  return out;
}

/** An index signature's type must admit every declared property's type (TS2411), so it widens to them. */
function printIndexType(props: Prop[], index: TypeNode, indent: number): string {
  if (index.kind === 'unknown') return 'unknown';
  const types = new Set([printType(index, indent)]);
  for (const p of props) {
    types.add(printType(p.type, indent));
    if (p.optional) types.add('undefined');
  }
  return [...types].join(' | ');
}

export interface PrintedDeclaration {
  name: string;
  doc?: string;
  kind: 'interface' | 'type';
  /** interface: the member lines; type: the type expression. */
  body: string;
}

export function printDeclaration(decl: Declaration): PrintedDeclaration {
  const base = decl.doc ? { name: decl.name, doc: decl.doc } : { name: decl.name };
  if (decl.type.kind === 'object' && (decl.type.props.length > 0 || decl.type.index))
    return { ...base, kind: 'interface', body: printMembers(decl.type.props, decl.type.index, 1) };
  return { ...base, kind: 'type', body: printType(decl.type, 0) };
}
