/**
 * A route's request and answer types from its TypeScript annotations, as JSON Schemas: Express's
 * `(req: Request<Params, ResBody, ReqBody, Query>, res: Response<ResBody>)` and Fastify's
 * `app.post<{ Body: B; Reply: R; Querystring: Q; Params: P }>(…)`. Interfaces, type aliases and inline
 * object types are followed (in the file and through relative imports, a few levels deep); what has no
 * exact JSON Schema (generics other than Array/Record, functions, mapped and conditional types) becomes
 * `{}` (any value), never a guess.
 */
import type { Node } from './literals.js';

type Schema = Record<string, unknown>;
/** The declaration of a type name visible from the route's file (interface or type alias), with its file's root. */
export type DefineType = (name: string, from: Node) => { node: Node; root: Node } | null;

export interface TypedParts {
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
  response?: Schema;
}

const MAX_DEPTH = 6;

function schemaOfType(node: Node | null | undefined, root: Node, define: DefineType, depth: number): Schema {
  if (!node || depth > MAX_DEPTH) return {};
  switch (node.type) {
    case 'type_annotation':
    case 'parenthesized_type':
      return schemaOfType(node.namedChild(0), root, define, depth);
    case 'predefined_type':
      return node.text === 'string' || node.text === 'number' || node.text === 'boolean'
        ? { type: node.text }
        : node.text === 'null'
          ? { type: 'null' }
          : {};
    case 'literal_type': {
      const inner = node.namedChild(0)!;
      if (inner.type === 'string') return { const: inner.text.slice(1, -1) };
      if (inner.type === 'number') return { const: Number(inner.text) };
      if (inner.type === 'true' || inner.type === 'false') return { const: inner.type === 'true' };
      if (inner.type === 'null') return { type: 'null' };
      return {};
    }
    case 'array_type':
      return { type: 'array', items: schemaOfType(node.namedChild(0), root, define, depth + 1) };
    case 'union_type': {
      const parts = node.namedChildren.map((c) => schemaOfType(c, root, define, depth + 1));
      if (parts.length > 0 && parts.every((p) => 'const' in p)) return { enum: parts.map((p) => p.const) };
      return parts.some((p) => Object.keys(p).length === 0) ? {} : { anyOf: parts };
    }
    case 'object_type':
    case 'interface_body':
      return objectSchema(node, root, define, depth);
    case 'generic_type': {
      const name = node.childForFieldName('name')?.text;
      const args = node.childForFieldName('type_arguments')?.namedChildren ?? [];
      if ((name === 'Array' || name === 'ReadonlyArray') && args[0])
        return { type: 'array', items: schemaOfType(args[0], root, define, depth + 1) };
      if (name === 'Record' && args[1]) return { type: 'object', additionalProperties: schemaOfType(args[1], root, define, depth + 1) };
      return {};
    }
    case 'type_identifier': {
      if (node.text === 'Date') return { type: 'string', format: 'date-time' };
      const found = define(node.text, root);
      if (!found) return {};
      const declaration = found.node;
      if (declaration.type === 'interface_declaration') {
        // `extends` is not followed: the properties it adds are unknown here, so extra ones stay allowed.
        return schemaOfType(declaration.childForFieldName('body'), found.root, define, depth + 1);
      }
      if (declaration.type === 'type_alias_declaration')
        return schemaOfType(declaration.childForFieldName('value'), found.root, define, depth + 1);
      return {};
    }
    default:
      return {};
  }
}

function objectSchema(node: Node, root: Node, define: DefineType, depth: number): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of node.namedChildren) {
    if (member.type !== 'property_signature') continue;
    const key = member.childForFieldName('name');
    if (!key) continue;
    const name = key.type === 'string' ? key.text.slice(1, -1) : key.text;
    properties[name] = schemaOfType(member.childForFieldName('type'), root, define, depth + 1);
    if (!member.children.some((c) => c.type === '?')) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Express `Request<P, ResBody, ReqBody, Query>` on the handler's first parameter, `Response<ResBody>` on its second. */
function expressParts(handler: Node, root: Node, define: DefineType): TypedParts {
  const params = handler.childForFieldName('parameters')?.namedChildren ?? [];
  const typeOf = (p: Node | undefined): Node | null => p?.childForFieldName('type')?.namedChild(0) ?? null;
  const out: TypedParts = {};
  const request = typeOf(params[0]);
  if (request?.type === 'generic_type' && /(^|\.)Request$/.test(request.childForFieldName('name')?.text ?? '')) {
    const [p, res, body, query] = request.childForFieldName('type_arguments')?.namedChildren ?? [];
    if (p) out.params = schemaOfType(p, root, define, 0);
    if (res) out.response = schemaOfType(res, root, define, 0);
    if (body) out.body = schemaOfType(body, root, define, 0);
    if (query) out.querystring = schemaOfType(query, root, define, 0);
  }
  const response = typeOf(params[1]);
  if (!out.response && response?.type === 'generic_type' && /(^|\.)Response$/.test(response.childForFieldName('name')?.text ?? '')) {
    const [res] = response.childForFieldName('type_arguments')?.namedChildren ?? [];
    if (res) out.response = schemaOfType(res, root, define, 0);
  }
  return out;
}

/** Fastify `app.post<{ Body; Reply; Querystring; Params }>(…)`. */
function fastifyParts(call: Node, root: Node, define: DefineType): TypedParts {
  const generic = call.childForFieldName('type_arguments')?.namedChild(0);
  if (generic?.type !== 'object_type') return {};
  const out: TypedParts = {};
  const keys: Record<string, keyof TypedParts> = { Body: 'body', Reply: 'response', Querystring: 'querystring', Params: 'params' };
  for (const member of generic.namedChildren) {
    const part = member.type === 'property_signature' ? keys[member.childForFieldName('name')?.text ?? ''] : undefined;
    if (part) out[part] = schemaOfType(member.childForFieldName('type'), root, define, 0);
  }
  return out;
}

/** The typed parts of a route (empty when nothing is annotated); only parts whose schema says something are kept. */
export function typedPartsOf(call: Node, handler: Node, root: Node, define: DefineType): TypedParts | null {
  const found = { ...expressParts(handler, root, define), ...fastifyParts(call, root, define) };
  const kept = Object.fromEntries(Object.entries(found).filter(([, s]) => Object.keys(s).length > 0)) as TypedParts;
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * The body type a handler's parser declares: `parseOrderInput(req.body)` where `parseOrderInput(body:
 * unknown): OrderInput` is declared in the file or imported — what it returns is the body it accepts.
 */
export function parsedBodyType(
  handler: Node,
  defineValue: (name: string) => { node: Node; root: Node } | null,
  define: DefineType,
): Schema | null {
  const called = /([\w$]+)\(\s*(?:req|request|ctx\.request)\.body\s*\)/.exec(handler.text);
  const parser = called ? defineValue(called[1]!) : null;
  const returns = parser?.node.childForFieldName('return_type');
  if (!parser || !returns) return null;
  const schema = schemaOfType(returns, parser.root, define, 0);
  return Object.keys(schema).length > 0 ? schema : null;
}
