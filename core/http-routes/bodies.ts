/**
 * What a route reads from its JSON body and how it checks it, from the source: a Fastify route's
 * `schema.body` (JSON Schema), a zod or Joi object schema the handler parses `req.body` with, an ajv
 * `compile(schema)` validator it calls, a function it hands `req.body` to, or the handler's own checks
 * (`typeof req.body.done !== 'boolean'`, `Number.isInteger(req.body.qty)`, `const { a } = req.body`).
 * From it: a valid body (every field, with a value its constraints accept) and an invalid one (the
 * required fields left out, or the first field of the wrong type when none is required).
 */
import { literalOf, pairValue, type Node } from './literals.js';

export interface BodySpec {
  source: 'json-schema' | 'zod' | 'joi' | 'ajv' | 'checks';
  valid: Record<string, unknown>;
  /** null when the route does not check its body (no invalid-input request is made). */
  invalid: Record<string, unknown> | null;
  /** The body as a JSON Schema: a Fastify/ajv schema as written, else built from the fields read (zod, Joi, the handler's checks). */
  schema: Record<string, unknown>;
}

interface Field {
  type: 'string' | 'number' | 'boolean' | 'array' | 'object' | 'enum' | 'literal' | 'unknown';
  integer?: boolean;
  min?: number;
  max?: number;
  positive?: boolean;
  format?: 'email' | 'uuid' | 'url' | 'date-time';
  values?: unknown[];
  item?: Field;
  fields?: Record<string, Field>;
  required: boolean;
  /** Only read, never checked: the type is a guess for the example value, not stated in a schema. */
  assumed?: boolean;
}

type Define = (name: string) => { node: Node; root: Node } | null;

const BODY = String.raw`(?:req|request|ctx\.request)\.body`;

export function bodyOf(handler: Node, options: Node | null, root: Node, define: Define): BodySpec | null {
  // Fastify: { schema: { body } }
  // Fastify: { schema: { body } } (the other options — preHandler, handler — need not be literals)
  const schemaNode = options ? pairValue(options, 'schema') : null;
  if (schemaNode) {
    const value = literalOf(schemaNode, root) as { body?: unknown } | undefined;
    const schema = value?.body;
    if (schema && typeof schema === 'object')
      return specOf('json-schema', fromJsonSchema(schema as JsonSchema, true), true, schema as Record<string, unknown>);
  }
  const text = handler.text;
  const parsed = new RegExp(String.raw`([\w$]+)\.(?:safeParse|parse|parseAsync|safeParseAsync|validate|validateAsync)\(\s*${BODY}\b`).exec(
    text,
  );
  if (parsed) {
    const definition = define(parsed[1]!);
    const spec = definition ? schemaChain(definition.node, definition.root) : null;
    if (spec) return spec;
  }
  const called = new RegExp(String.raw`([\w$]+)\(\s*${BODY}\s*\)`).exec(text);
  if (called) {
    const definition = define(called[1]!);
    if (definition) {
      // const validate = ajv.compile(schema)
      const node = definition.node;
      if (node.type === 'call_expression' && /\.compile$/.test(node.childForFieldName('function')?.text ?? '')) {
        const schema = literalOf(node.childForFieldName('arguments')!.namedChild(0)!, definition.root);
        if (schema && typeof schema === 'object')
          return specOf('ajv', fromJsonSchema(schema as JsonSchema, true), true, schema as Record<string, unknown>);
      }
      // function parseInput(input) { … input.title … }
      const param = node.childForFieldName('parameters')?.namedChild(0);
      if (param?.type === 'identifier') {
        const fields = checkedFields(node.text, param.text.replace(/\$/g, '\\$'));
        if (Object.keys(fields.fields).length > 0) return specOf('checks', fields.fields, fields.checks);
      }
    }
  }
  const own = checkedFields(text, BODY);
  for (const [, names] of text.matchAll(new RegExp(String.raw`(?:const|let|var)\s*\{([^}]*)\}\s*=\s*${BODY}\b`, 'g')))
    for (const name of names!.split(',').map((n) => n.split(/[:=]/)[0]!.trim()))
      if (/^[\w$]+$/.test(name)) own.fields[name] ??= { type: 'string', required: true, assumed: true };
  if (Object.keys(own.fields).length === 0) return null;
  return specOf('checks', own.fields, own.checks);
}

/** The handler checks its path parameters (a malformed one is refused, not looked up). */
export function paramsChecked(handler: Node): boolean {
  const text = handler.text;
  return (
    /\bparams\b/.test(text) &&
    /Number\.isInteger|Number\.isSafeInteger|isNaN\(|\.test\(|isValidObjectId|isUUID|uuidValidate|<=?\s*0\b/.test(text)
  );
}

function specOf(source: BodySpec['source'], fields: Record<string, Field>, checks = true, schema?: Record<string, unknown>): BodySpec {
  const valid = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, exampleOf(f)]));
  const required = Object.entries(fields).filter(([, f]) => f.required);
  let invalid: Record<string, unknown> | null = null;
  if (checks && required.length > 0) invalid = {};
  else if (checks && Object.keys(fields).length > 0) {
    const [name, field] = Object.entries(fields)[0]!;
    invalid = { ...valid, [name]: wrongTypeOf(field) };
  }
  return { source, valid, invalid, schema: schema ?? objectSchemaOf(fields) };
}

/** The JSON Schema a set of fields stands for (what is known of each: type, bounds, format, values). */
function objectSchemaOf(fields: Record<string, Field>): Record<string, unknown> {
  const required = Object.entries(fields)
    .filter(([, f]) => f.required && !f.assumed)
    .map(([k]) => k);
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldSchemaOf(f)])),
    ...(required.length > 0 ? { required } : {}),
  };
}

function fieldSchemaOf(f: Field): Record<string, unknown> {
  if (f.assumed) return {};
  switch (f.type) {
    case 'string':
      return {
        type: 'string',
        ...(f.min !== undefined ? { minLength: f.min } : {}),
        ...(f.max !== undefined ? { maxLength: f.max } : {}),
        ...(f.format ? { format: f.format === 'url' ? 'uri' : f.format } : {}),
      };
    case 'number':
      return {
        type: f.integer ? 'integer' : 'number',
        ...(f.min !== undefined ? { minimum: f.min } : {}),
        ...(f.max !== undefined ? { maximum: f.max } : {}),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { enum: f.values ?? [] };
    case 'literal':
      return { const: f.values?.[0] ?? null };
    case 'array':
      return { type: 'array', ...(f.item ? { items: fieldSchemaOf(f.item) } : {}) };
    case 'object':
      return objectSchemaOf(f.fields ?? {});
    default:
      return {};
  }
}

function exampleOf(f: Field): unknown {
  switch (f.type) {
    case 'string': {
      if (f.format === 'email') return 'user@example.com';
      if (f.format === 'uuid') return '00000000-0000-4000-8000-000000000001';
      if (f.format === 'url') return 'https://example.com/';
      if (f.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      let s = 'example';
      if (f.min !== undefined && s.length < f.min) s = s.padEnd(f.min, 'x');
      if (f.max !== undefined && s.length > f.max) s = s.slice(0, Math.max(1, f.max));
      return s;
    }
    case 'number': {
      let n = 1;
      if (f.min !== undefined) n = Math.max(n, f.min);
      if (f.max !== undefined && n > f.max) n = f.max;
      return f.integer ? Math.ceil(n) : n;
    }
    case 'boolean':
      return true;
    case 'enum':
      return f.values?.[0] ?? 'example';
    case 'literal':
      return f.values?.[0];
    case 'array':
      return f.item ? [exampleOf(f.item)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(f.fields ?? {}).map(([k, v]) => [k, exampleOf(v)]));
    default:
      return 'example';
  }
}

function wrongTypeOf(f: Field): unknown {
  return f.type === 'number' ? 'not a number' : f.type === 'string' || f.type === 'enum' ? 12345 : f.type === 'boolean' ? 'yes' : 42;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
}

function fromJsonSchema(schema: JsonSchema, top: boolean): Record<string, Field> {
  const out: Record<string, Field> = {};
  if (!top) return out;
  for (const [name, prop] of Object.entries(schema.properties ?? {}))
    out[name] = fieldOfJsonSchema(prop, (schema.required ?? []).includes(name));
  return out;
}

function fieldOfJsonSchema(s: JsonSchema, required: boolean): Field {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (s.enum) return { type: 'enum', values: s.enum, required };
  if (s.const !== undefined) return { type: 'literal', values: [s.const], required };
  const format = ['email', 'uuid', 'date-time'].includes(s.format ?? '')
    ? (s.format as Field['format'])
    : s.format === 'uri'
      ? 'url'
      : undefined;
  switch (type) {
    case 'string':
      return { type: 'string', min: s.minLength, max: s.maxLength, format, required };
    case 'integer':
    case 'number': {
      const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
      return { type: 'number', integer: type === 'integer', min, max: s.maximum, required };
    }
    case 'boolean':
      return { type: 'boolean', required };
    case 'array':
      return { type: 'array', item: s.items ? fieldOfJsonSchema(s.items, true) : undefined, required };
    case 'object':
      return { type: 'object', fields: fromJsonSchema(s, true), required };
    default:
      return { type: 'unknown', required };
  }
}

/** `z.object({...})` / `Joi.object({...})` / `Joi.object().keys({...})`, each field's chain read as a Field. */
function schemaChain(node: Node, root: Node): BodySpec | null {
  const chain = chainOf(node);
  if (!chain) return null;
  const kind = /^z$/.test(chain.base) ? 'zod' : /^joi$/i.test(chain.base) ? 'joi' : null;
  if (!kind) return null;
  const objectCall = chain.calls.find((c) => c.name === 'object' || c.name === 'keys' || c.name === 'strictObject');
  const shape = objectCall?.args.find((a) => a.type === 'object');
  if (!shape) return null;
  const fields: Record<string, Field> = {};
  for (const pair of shape.namedChildren) {
    if (pair.type !== 'pair') continue;
    const key = pair.childForFieldName('key')!;
    const name = key.type === 'string' ? key.text.slice(1, -1) : key.text;
    fields[name] = fieldOfChain(pair.childForFieldName('value')!, kind, root);
  }
  return specOf(kind, fields);
}

interface Chain {
  base: string;
  calls: { name: string; args: Node[] }[];
}

/** `z.string().min(1).optional()` -> base `z`, calls string, min(1), optional (in source order). */
function chainOf(node: Node): Chain | null {
  const calls: Chain['calls'] = [];
  let n: Node | null = node;
  while (n && n.type === 'call_expression') {
    const fn: Node = n.childForFieldName('function')!;
    const args = (n.childForFieldName('arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
    if (fn.type !== 'member_expression') return null;
    calls.unshift({ name: fn.childForFieldName('property')!.text, args });
    n = fn.childForFieldName('object');
  }
  return n && n.type === 'identifier' ? { base: n.text, calls } : null;
}

function fieldOfChain(node: Node, kind: 'zod' | 'joi', root: Node): Field {
  const chain = chainOf(node);
  const field: Field = { type: 'unknown', required: kind === 'zod' };
  if (!chain) return field;
  const num = (args: Node[]): number | undefined => {
    const v = args[0] ? literalOf(args[0], root) : undefined;
    return typeof v === 'number' ? v : undefined;
  };
  for (const { name, args } of chain.calls) {
    if (name === 'string') field.type = 'string';
    else if (name === 'number') field.type = 'number';
    else if (name === 'int' || name === 'integer') {
      field.type = 'number';
      field.integer = true;
    } else if (name === 'boolean' || name === 'bool') field.type = 'boolean';
    else if (name === 'email' || name === 'uuid' || name === 'url' || name === 'uri') {
      field.type = 'string';
      field.format = name === 'uri' ? 'url' : name;
    } else if (name === 'enum' || name === 'valid') {
      const values = args.length === 1 ? literalOf(args[0]!, root) : args.map((a) => literalOf(a, root));
      if (Array.isArray(values) && values.length > 0) {
        field.type = 'enum';
        field.values = values;
      }
    } else if (name === 'literal') {
      field.type = 'literal';
      field.values = [args[0] ? literalOf(args[0], root) : undefined];
    } else if (name === 'array') {
      field.type = 'array';
      if (args[0]) field.item = { ...fieldOfChain(args[0], kind, root), required: true };
    } else if (name === 'items' && args[0]) field.item = { ...fieldOfChain(args[0], kind, root), required: true };
    else if (name === 'min' || name === 'gte' || name === 'length') field.min = num(args);
    else if (name === 'gt') field.min = (num(args) ?? 0) + 1;
    else if (name === 'max' || name === 'lte') field.max = num(args);
    else if (name === 'positive') field.min = Math.max(field.min ?? 1, 1);
    else if (name === 'optional' || name === 'default' || name === 'nullish') field.required = false;
    else if (name === 'required') field.required = true;
  }
  return field;
}

/** Fields read as `<body>.name`, typed by the checks made on them. */
function checkedFields(text: string, body: string): { fields: Record<string, Field>; checks: boolean } {
  const fields: Record<string, Field> = {};
  let checks = false;
  for (const [, name] of text.matchAll(new RegExp(String.raw`${body}\??\.([A-Za-z_$][\w$]*)`, 'g')))
    fields[name!] ??= { type: 'string', required: true, assumed: true };
  for (const [, name, type] of text.matchAll(new RegExp(String.raw`typeof\s+${body}\??\.([\w$]+)\s*[!=]==?\s*['"](\w+)['"]`, 'g'))) {
    checks = true;
    if (type === 'number' || type === 'boolean' || type === 'string') fields[name!] = { type, required: true };
  }
  for (const [, name] of text.matchAll(new RegExp(String.raw`Number\.isInteger\(\s*${body}\??\.([\w$]+)\s*\)`, 'g'))) {
    checks = true;
    fields[name!] = { type: 'number', integer: true, min: 1, required: true };
  }
  for (const [, name] of text.matchAll(new RegExp(String.raw`Array\.isArray\(\s*${body}\??\.([\w$]+)\s*\)`, 'g'))) {
    checks = true;
    fields[name!] = { type: 'array', item: { type: 'string', required: true }, required: true };
  }
  if (new RegExp(String.raw`!\s*${body}\??\.[\w$]+|${body}\??\.[\w$]+\s*(===|==)\s*(undefined|null|'')`).test(text)) checks = true;
  return { fields, checks };
}
