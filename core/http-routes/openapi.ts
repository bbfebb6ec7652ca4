/**
 * An OpenAPI 3.1 document from the routes found in the source (find-routes.ts): one operation per
 * method and path, path and query parameters, the JSON request body's schema (Fastify/ajv schema as
 * written, else built from the zod/Joi schema or the handler's checks) and the answers (a Fastify
 * `schema.response`, else the status codes the handler sets). Nothing is invented: what the source
 * does not say is left out or marked (`x-agentd-source` names the file and line of every operation).
 */
import { STATUS_CODES } from 'node:http';
import type { HttpMethod, RouteFact, RouteScan } from './find-routes.js';

export interface OpenApiFromRoutes {
  document: Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };
  /** Every operation written: method, OpenAPI path, where it is declared and how it was found. */
  operations: { method: HttpMethod; path: string; file: string; line: number; from: 'express' | 'fastify' | 'route-object' }[];
  /** Things the document could not say as the source does (optional path parameters, duplicates). */
  notes: string[];
}

type Schema = Record<string, unknown>;

/** `/todos/:id(\\d+)?` -> `/todos/{id}` and the parameter names, with the optional ones. */
function openApiPath(path: string): { path: string; names: string[]; optional: string[] } {
  const names: string[] = [];
  const optional: string[] = [];
  const converted = path
    .replace(/:([A-Za-z_$][\w$]*)(\([^)]*\))?(\?)?/g, (_m, name: string, _re: string | undefined, opt: string | undefined) => {
      names.push(name);
      if (opt) optional.push(name);
      return `{${name}}`;
    })
    .replace(/\{([A-Za-z_$][\w$]*)\}/g, (m, name: string) => {
      if (!names.includes(name)) names.push(name);
      return m;
    });
  return { path: converted, names, optional };
}

const propertiesOf = (schema: Schema | undefined): Record<string, Schema> =>
  schema && typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as Record<string, Schema>) : {};
const requiredOf = (schema: Schema | undefined): string[] => (Array.isArray(schema?.required) ? (schema.required as string[]) : []);

function parametersOf(route: RouteFact | null, names: string[]): Schema[] {
  const list: Schema[] = [];
  const params = { ...propertiesOf(route?.types?.params), ...propertiesOf(route?.schema?.params) };
  for (const name of names) list.push({ name, in: 'path', required: true, schema: params[name] ?? { type: 'string' } });
  // The validation schema when there is one (it is what the app enforces), else the declared type.
  const querystring = route?.schema?.querystring ?? route?.types?.querystring;
  const declared = propertiesOf(querystring);
  for (const [name, schema] of Object.entries(declared))
    list.push({ name, in: 'query', required: requiredOf(querystring).includes(name), schema });
  // Read by the handler without a schema: a query value arrives as a string.
  for (const name of route?.query ?? [])
    if (!(name in declared)) list.push({ name, in: 'query', required: false, schema: { type: 'string' } });
  return list;
}

const reason = (status: string): string =>
  STATUS_CODES[Number(status)] ?? (status === 'default' ? 'Any other answer' : /^\dxx$/i.test(status) ? `Any ${status} answer` : status);

function responsesOf(route: RouteFact | null): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const declared = route?.schema?.response;
  if (declared) {
    for (const [status, value] of Object.entries(declared)) {
      if (!/^(?:[1-5](?:\d\d|XX)|default)$/i.test(status) || !value || typeof value !== 'object') continue;
      const key = /^\dxx$/i.test(status) ? status.toUpperCase() : status;
      // Fastify takes the schema itself or `{ description, content }` (its OpenAPI form).
      const given = value as Schema;
      out[key] =
        'content' in given
          ? { description: typeof given.description === 'string' ? given.description : reason(key), content: given.content }
          : {
              description: typeof given.description === 'string' ? given.description : reason(key),
              content: { 'application/json': { schema: given } },
            };
    }
  }
  for (const code of route?.statuses ?? []) out[String(code)] ??= { description: reason(String(code)) };
  // A JSON body whose shape the source does not state: the media type only, any JSON value.
  for (const code of route?.jsonStatuses ?? [])
    if (!declared?.[String(code)])
      out[String(code)] = { description: reason(String(code)), content: { 'application/json': { schema: {} } } };
  // The declared answer type (`Response<Book>`, `Reply: Note`) on the first 2xx answer without a schema.
  const typed = route?.types?.response;
  if (typed) {
    const ok = Object.keys(out)
      .filter((k) => /^2\d\d$/.test(k) && k !== '204')
      .sort()[0];
    const target = ok ?? (Object.keys(out).some((k) => /^2/.test(k)) ? null : '200');
    const current = target ? (out[target] as { content?: Record<string, { schema?: Schema }> } | undefined) : undefined;
    const schema = current?.content?.['application/json']?.schema;
    if (target && (!schema || Object.keys(schema).length === 0))
      out[target] = { description: reason(target), content: { 'application/json': { schema: typed } } };
  }
  // The literal the handler answers with, where neither a schema nor a type says more.
  for (const [code, schema] of Object.entries(route?.answers ?? {})) {
    if (declared?.[code]) continue;
    const current = out[code] as { content?: Record<string, { schema?: Schema }> } | undefined;
    const written = current?.content?.['application/json']?.schema;
    if (written && Object.keys(written).length > 0) continue;
    out[code] = {
      description: reason(code),
      content: { 'application/json': { schema, 'x-agentd-schema-from': 'handler-literal' } },
    };
  }
  if (route && !Object.keys(out).some((k) => /^2/.test(k)))
    out['200'] = { description: `${reason('200')} (the status the handler answers with when it sets none)` };
  if (Object.keys(out).length === 0) out.default = { description: 'The answers are not read from the source (a route declared as data).' };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a === 'default' ? 1 : b === 'default' ? -1 : a.localeCompare(b))));
}

export function openApiFromRoutes(scan: RouteScan, info: { title: string; version: string; description?: string }): OpenApiFromRoutes {
  const paths: OpenApiFromRoutes['document']['paths'] = {};
  const operations: OpenApiFromRoutes['operations'] = [];
  const notes: string[] = [];
  const entries: {
    route: RouteFact | null;
    method: HttpMethod;
    path: string;
    file: string;
    line: number;
    from: 'express' | 'fastify' | 'route-object';
  }[] = [
    ...scan.routes.map((r) => ({ route: r, method: r.method, path: r.path, file: r.file, line: r.line, from: r.framework })),
    ...scan.routeObjects.map((r) => ({
      route: null,
      method: r.method,
      path: r.path,
      file: r.file,
      line: r.line,
      from: 'route-object' as const,
    })),
  ];
  for (const entry of entries) {
    const converted = openApiPath(entry.path);
    const method = entry.method.toLowerCase();
    const item = (paths[converted.path] ??= {});
    if (item[method]) {
      notes.push(`${entry.method} ${converted.path} is declared again at ${entry.file}:${entry.line}; the first declaration is documented`);
      continue;
    }
    if (converted.optional.length > 0)
      notes.push(
        `${entry.method} ${entry.path}: optional path parameter(s) ${converted.optional.join(', ')} documented as required (OpenAPI has no optional path parameters)`,
      );
    const parameters = parametersOf(entry.route, converted.names);
    // A schema the handler validates with wins; its own checks only type what they check, a declared type says more.
    const checked = entry.route?.body ?? null;
    const typedBody = entry.route?.types?.body;
    const body =
      typedBody && (!checked || checked.source === 'checks')
        ? { source: 'type' as const, schema: typedBody }
        : checked
          ? { source: checked.source, schema: checked.schema }
          : null;
    item[method] = {
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body
        ? { requestBody: { required: requiredOf(body.schema).length > 0, content: { 'application/json': { schema: body.schema } } } }
        : {}),
      responses: responsesOf(entry.route),
      'x-agentd-source': `${entry.file}:${entry.line}`,
      ...(body ? { 'x-agentd-body-from': body.source } : {}),
    };
    operations.push({ method: entry.method, path: converted.path, file: entry.file, line: entry.line, from: entry.from });
  }
  const sorted = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, paths[p]!]),
  );
  return {
    document: {
      openapi: '3.1.0',
      info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
      paths: sorted,
    },
    operations,
    notes,
  };
}
