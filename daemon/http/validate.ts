/**
 * Request validation with validators compiled once from the schemas in schemas.ts. Failures become
 * AgentdError('validation_failed') whose details name each problem by its JSON path.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { AgentdError, type ErrorDetail } from '../../core/index.js';
import { createPlanSchema, FOLLOW_UP_FORMS, JOB_FORMS, listJobsQuerySchema, logsQuerySchema } from './schemas.js';
import { pageQuerySchema } from './result-schemas.js';

const bodyAjv = new Ajv({ allErrors: true, strict: true });
// Query strings arrive as strings (or arrays when repeated): coerce to the schema's types, fill defaults.
const queryAjv = new Ajv({ allErrors: true, strict: true, coerceTypes: 'array', useDefaults: true });

function compileForms<K extends string>(forms: Record<K, object>): Record<K, ValidateFunction> {
  return Object.fromEntries(Object.entries(forms).map(([key, schema]) => [key, bodyAjv.compile(schema as object)])) as Record<K, ValidateFunction>;
}

const jobForms = compileForms(JOB_FORMS);
const followUpForms = compileForms(FOLLOW_UP_FORMS);
const listJobsQuery = queryAjv.compile(listJobsQuerySchema);
const logsQuery = queryAjv.compile(logsQuerySchema);
const pageQuery = queryAjv.compile(pageQuerySchema);

export function toDetails(errors: ErrorObject[], prefix = ''): ErrorDetail[] {
  return errors.map((error) => {
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    const child = params.missingProperty ?? params.additionalProperty;
    const path = `${prefix}${error.instancePath}${child === undefined ? '' : `/${child}`}` || '/';
    const message = error.keyword === 'additionalProperties' ? 'is not an allowed property' : error.message ?? 'is invalid';
    return { path, message };
  });
}

function failed(what: string, details: ErrorDetail[]): AgentdError {
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem(s))` : '';
  return new AgentdError('validation_failed', `The ${what} is invalid at "${first.path}": ${first.message}${more}; fix it and retry.`, { details });
}

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; maxLength?: number };

/**
 * Strings far over their limit, found without reading them: ajv counts a string's characters by walking
 * it (8 ms of the one thread for a 900,000-character name), but a string of more than twice its limit
 * in UTF-16 units has more than its limit in characters too. Same details as ajv's.
 */
function farTooLong(value: unknown, schema: SchemaNode, path: string): ErrorDetail[] {
  if (typeof value === 'string') return schema.maxLength !== undefined && value.length > 2 * schema.maxLength ? [{ path: path || '/', message: `must NOT have more than ${schema.maxLength} characters` }] : [];
  if (Array.isArray(value) && schema.items) return value.flatMap((item, index) => farTooLong(item, schema.items!, `${path}/${index}`));
  if (typeof value !== 'object' || value === null || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) => farTooLong((value as Record<string, unknown>)[key], child, `${path}/${key}`));
}

/** A body that is one of several forms, told apart by which of their keys it carries. */
function validateForms<T>(what: string, forms: Record<string, ValidateFunction>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw failed(what, [{ path: '/', message: 'must be a JSON object' }]);
  const keys = Object.keys(forms);
  const present = keys.filter((key) => key in body);
  if (present.length !== 1) {
    const names = keys.map((key) => `"${key}"`).join(', ');
    throw failed(what, [{ path: '/', message: `must have exactly one of ${names}` }]);
  }
  const validate = forms[present[0]!]!;
  const huge = farTooLong(body, validate.schema as SchemaNode, '');
  if (huge.length > 0) throw failed(what, huge);
  if (!validate(body)) throw failed(what, toDetails(validate.errors ?? []));
  return body as T;
}

export function validateCreateJob<T>(body: unknown): T {
  return validateForms<T>('job request', jobForms, body);
}

const planRequest = bodyAjv.compile(createPlanSchema);

export function validatePlanRequest<T>(body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw failed('plan request', [{ path: '/', message: 'must be a JSON object' }]);
  const huge = farTooLong(body, createPlanSchema as SchemaNode, '');
  if (huge.length > 0) throw failed('plan request', huge);
  if (!planRequest(body)) throw failed('plan request', toDetails(planRequest.errors ?? []));
  return body as T;
}

export function validateFollowUp<T>(body: unknown): T {
  return validateForms<T>('follow-up request', followUpForms, body);
}

function validateQuery<T>(validate: ValidateFunction, query: unknown): T {
  const copy = { ...(query as Record<string, unknown>) };
  if (!validate(copy)) throw failed('query', toDetails(validate.errors ?? [], '/query'));
  return copy as T;
}

export interface ListJobsQuery {
  status?: string[];
  limit: number;
  cursor?: string;
  offset?: number;
  capability?: string;
  workspace?: string;
  q?: string;
}

export function validateListJobsQuery(query: unknown): ListJobsQuery {
  const valid = validateQuery<ListJobsQuery>(listJobsQuery, query);
  if (valid.cursor !== undefined && valid.offset !== undefined) throw failed('query', [{ path: '/query/offset', message: 'must not be given with cursor' }]);
  return valid;
}

export function validatePageQuery(query: unknown): { cursor?: string; limit: number } {
  return validateQuery(pageQuery, query);
}

export function validateLogsQuery(query: unknown): { level?: 'debug' | 'info' | 'warn' | 'error'; q?: string; limit: number; jobId?: string } {
  return validateQuery(logsQuery, query);
}
