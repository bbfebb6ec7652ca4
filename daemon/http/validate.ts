/**
 * Request validation generated from the route table: each route's query and body schema
 * (route-spec.ts) becomes a checker here, with validators from route-validators.ts. Failures become
 * AgentdError('validation_failed') whose details name each problem by its JSON path.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { AgentdError, type ErrorDetail } from '../../core/index.js';
import type { BodySpec, QuerySpec, Schema } from './route-spec.js';
import { routeValidator } from './route-validators.js';

export function toDetails(errors: ErrorObject[], prefix = ''): ErrorDetail[] {
  return errors.map((error) => {
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const child = params.missingProperty ?? params.additionalProperty;
    const path = `${prefix}${error.instancePath}${child === undefined ? '' : `/${child}`}` || '/';
    const message = error.keyword === 'additionalProperties' ? 'is not an allowed property' : (error.message ?? 'is invalid');
    return { path, message };
  });
}

function failed(what: string, details: ErrorDetail[]): AgentdError {
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem(s))` : '';
  return new AgentdError('validation_failed', `The ${what} is invalid at "${first.path}": ${first.message}${more}; fix it and retry.`, {
    details,
  });
}

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; maxLength?: number };

/**
 * Strings far over their limit, found without reading them: ajv counts a string's characters by walking
 * it (8 ms of the one thread for a 900,000-character name), but a string of more than twice its limit
 * in UTF-16 units has more than its limit in characters too. Same details as ajv's.
 */
function farTooLong(value: unknown, schema: SchemaNode, path: string): ErrorDetail[] {
  if (typeof value === 'string')
    return schema.maxLength !== undefined && value.length > 2 * schema.maxLength
      ? [{ path: path || '/', message: `must NOT have more than ${schema.maxLength} characters` }]
      : [];
  if (Array.isArray(value) && schema.items) return value.flatMap((item, index) => farTooLong(item, schema.items!, `${path}/${index}`));
  if (typeof value !== 'object' || value === null || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) =>
    farTooLong((value as Record<string, unknown>)[key], child, `${path}/${key}`),
  );
}

interface Compiled {
  schema: Schema;
  validate: ValidateFunction;
}

function checkObject(what: string, compiled: Compiled, body: object): void {
  const huge = farTooLong(body, compiled.schema as SchemaNode, '');
  if (huge.length > 0) throw failed(what, huge);
  if (!compiled.validate(body)) throw failed(what, toDetails(compiled.validate.errors ?? []));
}

/** The body checker of a route: one schema, or one of several forms told apart by which of their keys the body carries. */
export function bodyChecker(spec: BodySpec): (body: unknown) => unknown {
  const compile = (schema: Schema): Compiled => ({ schema, validate: routeValidator('body', schema) });
  const single = spec.schema ? compile(spec.schema) : null;
  const forms = Object.entries(spec.forms ?? {}).map(([key, schema]) => [key, compile(schema)] as const);
  return (body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw failed(spec.what, [{ path: '/', message: 'must be a JSON object' }]);
    if (single) {
      checkObject(spec.what, single, body);
      return body;
    }
    const present = forms.filter(([key]) => key in body);
    if (present.length !== 1) {
      const names = forms.map(([key]) => `"${key}"`).join(', ');
      throw failed(spec.what, [{ path: '/', message: `must have exactly one of ${names}` }]);
    }
    checkObject(spec.what, present[0]![1], body);
    return body;
  };
}

/** The query checker of a route: a copy of the query, coerced to the schema's types with its defaults. */
export function queryChecker(spec: QuerySpec): (query: unknown) => Record<string, unknown> {
  const validate = routeValidator('query', spec.schema);
  return (query) => {
    const copy = { ...(query as Record<string, unknown>) };
    if (!validate(copy)) throw failed('query', toDetails(validate.errors ?? [], '/query'));
    const problem = spec.refine?.(copy);
    if (problem) throw failed('query', [problem]);
    return copy;
  };
}
