/**
 * The operations of an OpenAPI 3.0/3.1 document as typed client methods: a name (operationId, else
 * method + path words, e.g. GET /jobs/{id} -> getJobsById), path and query parameters, the JSON body
 * and the JSON response of the first 2xx status; schema types from components.schemas and inline
 * schemas named after the operation.
 */
import { AgentdError } from '../../../core/index.js';
import { camelCase, pascalCase } from '../kit/index.js';
import { SchemaConverter, definitionsOf } from '../types/from-json-schema.js';
import type { Declaration, TypeNode } from '../types/model.js';
import { printType, propertyKey } from '../types/print.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface ClientOperation {
  name: string;
  summary: string | null;
  method: string;
  /** Code of the URL path: a template literal over `params`. */
  path: string;
  /** The params argument (`params: {...}` / `params: {...} = {}`), or null. */
  paramsArg: string | null;
  queryNames: string[];
  bodyArg: string | null;
  /** json: parsed JSON of type returnType; void: no body; raw: the Response (other media types). */
  response: 'json' | 'void' | 'raw';
  returnType: string;
}

type Obj = Record<string, unknown>;

export interface ClientModel {
  title: string;
  operations: ClientOperation[];
  declarations: Declaration[];
}

function resolve(doc: Obj, value: unknown): Obj {
  const v = value as Obj;
  if (typeof v?.$ref !== 'string') return v;
  const parts = v.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((p) => decodeURIComponent(p.replace(/~1/g, '/').replace(/~0/g, '~')));
  let at: unknown = doc;
  for (const p of parts) at = (at as Obj | undefined)?.[p];
  if (at === undefined) throw new AgentdError('invalid_input', `document: ${v.$ref} does not resolve`);
  return resolve(doc, at);
}

function derivedName(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (/^\{.+\}$/.test(seg) ? `by ${seg.slice(1, -1)}` : seg.replace(/\.json$/, ' json')));
  return camelCase(`${method} ${words.join(' ')}`) || method;
}

export function clientModel(doc: Obj): ClientModel {
  if (typeof doc.openapi !== 'string' || !/^3\.[01]\./.test(doc.openapi))
    throw new AgentdError('invalid_input', `document: not an OpenAPI 3.0 or 3.1 document (openapi: ${JSON.stringify(doc.openapi)})`);
  const converter = new SchemaConverter(definitionsOf(doc));
  converter.convertAll();
  const operations: ClientOperation[] = [];
  const used = new Set<string>();
  for (const [path, itemValue] of Object.entries((doc.paths ?? {}) as Obj)) {
    const item = resolve(doc, itemValue);
    for (const method of METHODS) {
      const op = item[method] as Obj | undefined;
      if (!op) continue;
      let name = typeof op.operationId === 'string' ? camelCase(op.operationId) : derivedName(method, path);
      while (used.has(name)) name = `${name}2`;
      used.add(name);
      const typeBase = pascalCase(name);
      const params = [...((item.parameters ?? []) as unknown[]), ...((op.parameters ?? []) as unknown[])].map((p) => resolve(doc, p));
      const fields: string[] = [];
      const queryNames: string[] = [];
      let anyRequired = false;
      let urlPath = path;
      for (const p of params) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const type = printType(
          p.schema ? converter.declareInline(`${typeBase}${pascalCase(String(p.name))}`, p.schema as Obj) : { kind: 'string' },
        );
        const required = p.in === 'path' || p.required === true;
        anyRequired ||= required;
        fields.push(`${propertyKey(String(p.name))}${required ? '' : '?'}: ${type}`);
        const access = IDENTIFIER.test(String(p.name)) ? `params.${String(p.name)}` : `params[${JSON.stringify(p.name)}]`;
        if (p.in === 'path') urlPath = urlPath.replace(`{${String(p.name)}}`, `\${encodeURIComponent(String(${access}))}`);
        else queryNames.push(String(p.name));
      }
      const paramsArg = fields.length === 0 ? null : `params: { ${fields.join('; ')} }${anyRequired ? '' : ' = {}'}`;
      const body = op.requestBody ? resolve(doc, op.requestBody) : null;
      const bodySchema = (body?.content as Obj | undefined)?.['application/json'] as Obj | undefined;
      const bodyArg = bodySchema?.schema
        ? `body: ${printType(converter.declareInline(`${typeBase}Body`, bodySchema.schema as Obj))}`
        : null;
      const responses = (op.responses ?? {}) as Obj;
      const okStatus = Object.keys(responses)
        .filter((s) => /^2\d\d$|^2XX$/i.test(s))
        .sort()[0];
      const ok = okStatus ? resolve(doc, responses[okStatus]) : null;
      const okContent = (ok?.content ?? {}) as Obj;
      const jsonMedia = Object.keys(okContent).find((m) => /^application\/(?:[\w.+-]+\+)?json/.test(m));
      let response: ClientOperation['response'] = 'void';
      let returnType = 'void';
      if (jsonMedia) {
        const schema = (okContent[jsonMedia] as Obj).schema as Obj | undefined;
        response = 'json';
        returnType = schema ? printType(converter.declareInline(`${typeBase}Response`, schema)) : 'unknown';
      } else if (Object.keys(okContent).length > 0) {
        response = 'raw';
        returnType = 'Response';
      }
      const summary = typeof op.summary === 'string' ? op.summary : typeof op.description === 'string' ? op.description : null;
      operations.push({
        name,
        summary: summary?.replace(/\*\//g, '* /').replace(/\s+/g, ' ') ?? null,
        method: method.toUpperCase(),
        path: `\`${urlPath}\``,
        paramsArg,
        queryNames,
        bodyArg,
        response,
        returnType,
      });
    }
  }
  const info = (doc.info ?? {}) as Obj;
  return { title: typeof info.title === 'string' ? info.title : 'API', operations, declarations: converter.declarations };
}

export type { TypeNode };
