/**
 * Types from a JSON Schema (draft-07 or 2020-12, and OpenAPI 3.0/3.1 schema objects): `$ref` to
 * `$defs`/`definitions`/`components.schemas` become named declarations, oneOf/anyOf unions, enum and
 * const literal unions, `required` decides optionality, `additionalProperties` an index signature
 * (false: a closed object), `format: date-time`/`date` a documented string (or Date), `nullable`
 * (OpenAPI 3.0) and `type: [..., "null"]` add `| null`, allOf merges object members.
 */
import { AgentdError } from '../../../core/index.js';
import { pascalCase } from '../kit/index.js';
import { Hoister } from './hoist.js';
import { unionOf, type Declaration, type Prop, type TypeNode } from './model.js';

type Schema = Record<string, unknown> | boolean;

const DEF_PREFIXES = ['#/$defs/', '#/definitions/', '#/components/schemas/'];

export interface SchemaConversion {
  declarations: Declaration[];
  /** The root declaration's name (absent when only definitions were converted). */
  root?: string;
  /** Keywords met that have no TypeScript counterpart (kept out of the type, reported). */
  ignored: string[];
}

const TYPE_NAME_OF_REF = (ref: string): string => {
  const prefix = DEF_PREFIXES.find((p) => ref.startsWith(p));
  if (!prefix)
    throw new AgentdError(
      'invalid_input',
      `schema: $ref "${ref}" is not supported (only local references to #/$defs, #/definitions or #/components/schemas)`,
    );
  return pascalCase(decodeURIComponent(ref.slice(prefix.length).replace(/~1/g, '/').replace(/~0/g, '~')));
};

export class SchemaConverter {
  readonly ignored = new Set<string>();
  private readonly hoister = new Hoister();

  constructor(
    private readonly definitions: Record<string, Schema>,
    private readonly rootName?: string,
  ) {
    for (const key of Object.keys(definitions)) this.hoister.reserved.add(pascalCase(key));
    if (rootName) this.hoister.reserved.add(rootName);
  }

  /** Names hoisted inline objects must not take (the project's exports). */
  reserve(names: Iterable<string>): void {
    for (const n of names) this.hoister.reserved.add(n);
  }

  /** Declares every definition, and the root schema as `rootName` when given. */
  convertAll(root?: Schema): SchemaConversion {
    if (root !== undefined && this.rootName) this.hoister.declare(this.rootName, this.convert(root, this.rootName), docOf(root));
    for (const [key, schema] of Object.entries(this.definitions))
      this.hoister.declare(pascalCase(key), this.convert(schema, pascalCase(key)), docOf(schema));
    const declarations = this.hoister.declarations;
    return { declarations, ...(this.rootName && root !== undefined ? { root: this.rootName } : {}), ignored: [...this.ignored] };
  }

  /** An inline schema's type for use outside any declaration: an object becomes the declaration `name`. */
  declareInline(name: string, schema: Schema): TypeNode {
    const t = this.convert(schema, name);
    if (t.kind === 'object' && t.props.length > 0) {
      this.hoister.reserved.add(name);
      return { kind: 'ref', name: this.hoister.declare(name, t, docOf(schema)) };
    }
    return this.hoister.hoistInside(t, name);
  }

  get declarations(): Declaration[] {
    return this.hoister.declarations;
  }

  /** A schema as an (inline, not yet hoisted) type. */
  convert(schema: Schema, owner: string): TypeNode {
    if (schema === true) return { kind: 'unknown' };
    if (schema === false) return { kind: 'union', members: [] };
    const s = schema;
    const nullable = s.nullable === true;
    const withNull = (t: TypeNode): TypeNode => (nullable ? unionOf([t, { kind: 'null' }]) : t);
    if (typeof s.$ref === 'string')
      return withNull(
        s.$ref === '#' && this.rootName ? { kind: 'ref', name: this.rootName } : { kind: 'ref', name: TYPE_NAME_OF_REF(s.$ref) },
      );
    if ('const' in s) return withNull(literal(s.const));
    if (Array.isArray(s.enum)) return withNull(unionOf(s.enum.map(literal)));
    const alternatives = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null) as Schema[] | null;
    if (alternatives) {
      const base = { ...s };
      delete base.oneOf;
      delete base.anyOf;
      const members = alternatives.map((a) => this.convert(typeof a === 'object' && hasShape(base) ? { ...base, ...a } : a, owner));
      return withNull(unionOf(members));
    }
    if (Array.isArray(s.allOf)) return withNull(this.allOf(s, owner));
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : inferredTypes(s);
    if (types.length === 0) return withNull({ kind: 'unknown' });
    return withNull(unionOf(types.map((t) => this.ofType(t, s, owner))));
  }

  private ofType(type: string, s: Record<string, unknown>, owner: string): TypeNode {
    switch (type) {
      case 'string':
        return s.format === 'date-time' || s.format === 'date' ? { kind: 'string', format: s.format } : { kind: 'string' };
      case 'integer':
        return { kind: 'number', integer: true };
      case 'number':
        return { kind: 'number' };
      case 'boolean':
        return { kind: 'boolean' };
      case 'null':
        return { kind: 'null' };
      case 'array': {
        const items = (s.items ?? true) as Schema | Schema[];
        if (Array.isArray(items)) return { kind: 'array', items: unionOf(items.map((i) => this.convert(i, owner))) };
        return { kind: 'array', items: this.convert(items, owner) };
      }
      case 'object':
        return this.object(s, owner);
      default:
        return { kind: 'unknown' };
    }
  }

  private object(s: Record<string, unknown>, owner: string): TypeNode {
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const props: Prop[] = Object.entries(properties).map(([name, schema]) => {
      const doc = docOf(schema);
      return { name, type: this.convert(schema, owner), optional: !required.has(name), ...(doc ? { doc } : {}) };
    });
    if (s.patternProperties) this.ignored.add('patternProperties');
    const extra = s.additionalProperties ?? s.unevaluatedProperties;
    if (extra === false) return { kind: 'object', props, index: null, closed: true };
    if (extra !== undefined && extra !== true) return { kind: 'object', props, index: this.convert(extra as Schema, owner), closed: false };
    return { kind: 'object', props, index: props.length === 0 ? { kind: 'unknown' } : null, closed: false };
  }

  private allOf(s: Record<string, unknown>, owner: string): TypeNode {
    const parts = [...(s.allOf as Schema[])];
    const own = { ...s };
    delete own.allOf;
    if (hasShape(own)) parts.push(own);
    const props: Prop[] = [];
    let closed = false;
    for (const part of parts) {
      const t = this.resolveObject(this.convert(part, owner));
      if (!t) return unionOf(parts.map((p) => this.convert(p, owner)));
      for (const p of t.props) {
        const at = props.findIndex((q) => q.name === p.name);
        if (at < 0) props.push(p);
        else props[at] = { ...props[at]!, optional: props[at]!.optional && p.optional };
      }
      closed = closed || t.closed;
    }
    return { kind: 'object', props, index: null, closed };
  }

  private resolveObject(t: TypeNode): Extract<TypeNode, { kind: 'object' }> | null {
    if (t.kind === 'object') return t;
    if (t.kind === 'ref') {
      const key = Object.keys(this.definitions).find((k) => pascalCase(k) === t.name);
      if (key) return this.resolveObject(this.convert(this.definitions[key]!, t.name));
    }
    return null;
  }
}

function literal(value: unknown): TypeNode {
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { kind: 'literal', value };
  return { kind: 'unknown' };
}

function hasShape(s: Record<string, unknown>): boolean {
  return 'type' in s || 'properties' in s || 'required' in s || 'additionalProperties' in s;
}

function inferredTypes(s: Record<string, unknown>): string[] {
  if ('properties' in s || 'additionalProperties' in s || 'required' in s) return ['object'];
  if ('items' in s || 'prefixItems' in s) return ['array'];
  return [];
}

function docOf(schema: Schema): string | undefined {
  if (typeof schema !== 'object') return undefined;
  const text = typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : undefined;
  return text?.replace(/\s+/g, ' ').trim() || undefined;
}

/** The definitions of a schema document: `$defs` (2020-12), `definitions` (draft-07) or OpenAPI's `components.schemas`. */
export function definitionsOf(doc: Record<string, unknown>): Record<string, Schema> {
  const components = (doc.components as Record<string, unknown> | undefined)?.schemas;
  return {
    ...((doc.definitions ?? {}) as Record<string, Schema>),
    ...((doc.$defs ?? {}) as Record<string, Schema>),
    ...((components ?? {}) as Record<string, Schema>),
  };
}

/** Declarations of a JSON Schema document, its root named `rootName`. */
export function typesFromSchema(doc: Record<string, unknown>, rootName: string, taken: Set<string> = new Set()): SchemaConversion {
  const definitions = definitionsOf(doc);
  const root = { ...doc };
  for (const k of ['$defs', 'definitions', '$schema', '$id', 'components']) delete root[k];
  const hasRoot = Object.keys(root).some((k) => !['title', 'description', '$comment'].includes(k));
  const converter = new SchemaConverter(definitions, rootName);
  converter.reserve(taken);
  return converter.convertAll(hasRoot ? root : undefined);
}
