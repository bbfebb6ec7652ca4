/**
 * The stand-in's check of every request, and of every success response it sends, against GitHub's
 * official REST OpenAPI description: the operations the App calls, extracted from `@octokit/openapi` by
 * scripts/extract-github-openapi.mjs into github-openapi-subset.json (path and query parameters, request
 * body, the JSON schema of each 2xx response, and the components they use). A request is matched to its
 * operation by method and path template, then its path and query parameters (coerced from text, as
 * GitHub reads them) and its JSON body are validated with ajv. A request to an operation that is not in
 * the subset is reported too: the subset must grow with what agentd calls. A response is validated
 * against the schema of its operation and status, so the stand-in answers with what GitHub's
 * description promises (every required field), not only the fields agentd happens to read.
 */
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../core/registry/ajv-instance.js';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Record<string, unknown>;
}

interface Subset {
  source: { package: string; version: string };
  operations: Record<
    string,
    {
      operationId: string;
      parameters: ({ $ref: string } | Parameter)[];
      requestBody: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> } | null;
      /** status ("201") -> the JSON schema of that success response (null: no body) */
      responses: Record<string, Record<string, unknown> | null>;
    }
  >;
  components: { parameters?: Record<string, Parameter>; schemas?: Record<string, unknown> };
}

interface CompiledOperation {
  key: string;
  operationId: string;
  pattern: RegExp;
  names: string[];
  parameters: { parameter: Parameter; validate: ValidateFunction }[];
  bodyRequired: boolean;
  body: ValidateFunction | null;
  /** status -> validator of the success response's body (null: the description gives no body) */
  responses: Map<number, ValidateFunction | null>;
}

const SUBSET_URL = new URL('../../../../test/support/fake-github/github-openapi-subset.json', import.meta.url);
const DOCUMENT_ID = 'https://github-openapi.subset/requests';

export interface RequestCheck {
  /** The operationId, e.g. "checks/create"; null when no described operation matches. */
  operationId: string | null;
  /** "METHOD /path/{template}" of the matched operation (null when none matches), for checkResponse. */
  operation: string | null;
  /** What the description refuses (empty when the request conforms). */
  errors: string[];
}

export class OpenApiSubset {
  readonly source: Subset['source'];
  private readonly operations: CompiledOperation[];

  constructor() {
    const subset = JSON.parse(readFileSync(SUBSET_URL, 'utf8')) as Subset;
    this.source = subset.source;
    // Components are one document; operations' "#/components/…" references point into it.
    const absolute = (schema: unknown) =>
      nullableEnums(
        JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', `"$ref":"${DOCUMENT_ID}#/components/`)) as Record<
          string,
          unknown
        >,
      );
    const bodies = createAjv({ strictSchema: false });
    const params = createAjv({ strictSchema: false, coerceTypes: true });
    for (const ajv of [bodies, params]) {
      // GitHub's own format: "owner/name" (pulls/create's head_repo).
      ajv.addFormat('repo.nwo', /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/);
      ajv.addSchema({ $id: DOCUMENT_ID, components: nullableEnums(subset.components) });
    }
    this.operations = Object.entries(subset.operations).map(([key, operation]) => {
      const [method, route] = key.split(' ') as [string, string];
      const names: string[] = [];
      const pattern = new RegExp(
        `^${method} ${route.replace(/\{([^}]+)\}/g, (_, name: string) => {
          names.push(name);
          return '([^/]+)';
        })}$`,
      );
      const parameters = operation.parameters.map((entry) => {
        const parameter =
          '$ref' in entry ? subset.components.parameters![entry.$ref.replace('#/components/parameters/', '')]! : (entry as Parameter);
        return { parameter, validate: params.compile(absolute(parameter.schema)) };
      });
      const json = operation.requestBody?.content['application/json']?.schema;
      return {
        key,
        operationId: operation.operationId,
        pattern,
        names,
        parameters,
        bodyRequired: operation.requestBody?.required === true,
        body: json ? bodies.compile(absolute(json)) : null,
        responses: new Map(
          Object.entries(operation.responses).map(([status, schema]) => [Number(status), schema ? bodies.compile(absolute(schema)) : null]),
        ),
      };
    });
  }

  check(method: string, url: URL, body: Record<string, unknown> | null): RequestCheck {
    const pathname = url.pathname;
    for (const operation of this.operations) {
      const match = operation.pattern.exec(`${method} ${pathname}`);
      if (!match) continue;
      const errors: string[] = [];
      const pathValues = Object.fromEntries(operation.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
      for (const { parameter, validate } of operation.parameters) {
        if (parameter.in === 'header') continue;
        const raw = parameter.in === 'path' ? pathValues[parameter.name] : (url.searchParams.get(parameter.name) ?? undefined);
        if (raw === undefined) {
          if (parameter.required) errors.push(`${parameter.in} parameter ${parameter.name} is required`);
          continue;
        }
        if (!validate(raw)) errors.push(`${parameter.in} parameter ${parameter.name}=${JSON.stringify(raw)}: ${describe(validate)}`);
      }
      if (body === null) {
        if (operation.bodyRequired) errors.push('a JSON request body is required');
      } else if (operation.body && !operation.body(body)) {
        errors.push(`body: ${describe(operation.body)}`);
      }
      return { operationId: operation.operationId, operation: operation.key, errors };
    }
    return {
      operationId: null,
      operation: null,
      errors: [`${method} ${pathname} is not an operation of the OpenAPI subset agentd is checked against`],
    };
  }

  /**
   * What GitHub's description says is wrong with a response the stand-in sends for `operation` (a key
   * from check()). Success statuses (2xx) are checked: one the operation does not describe is an error,
   * and its body must match the status's schema. Error answers (4xx, 5xx) are not checked: the
   * description leaves most of them without a schema.
   */
  checkResponse(operation: string, status: number, body: unknown): string[] {
    if (status < 200 || status > 299) return [];
    const compiled = this.operations.find((candidate) => candidate.key === operation);
    if (!compiled) return [`${operation} is not an operation of the OpenAPI subset`];
    if (!compiled.responses.has(status))
      return [`${status} is not a success status of ${operation} (described: ${[...compiled.responses.keys()].join(', ')})`];
    const validate = compiled.responses.get(status);
    if (!validate) return body === undefined || body === null || body === '' ? [] : [`${status} of ${operation} has no body`];
    return validate(body) ? [] : [`response ${status}: ${describe(validate, 50)}`];
  }
}

/**
 * OpenAPI 3.0's `nullable: true` beside an `enum` that does not list null: GitHub means "one of these, or
 * null" (a check run's `conclusion` is null until it completes; @octokit/openapi-types types it so), while
 * ajv reads the enum as excluding null. null is added to such enums.
 */
function nullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullableEnums) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = nullableEnums(inner);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  return out as T;
}

function describe(validate: ValidateFunction, max = 5): string {
  return (validate.errors ?? [])
    .slice(0, max)
    .map(
      (error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    )
    .join('; ');
}
