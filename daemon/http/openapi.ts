/**
 * The OpenAPI 3.1 document of the REST API, generated from the route table (route-table.ts): each
 * route's path, parameters, query and body schemas (the same objects its request validation compiles),
 * answers and auth. Only the named component schemas are listed here.
 */
import * as schemas from './schemas.js';
import * as resultSchemas from './result-schemas.js';
import type { RouteAuth, RouteResponse, RouteSpec, Schema } from './route-spec.js';

const content = (schema: Schema, mediaType = 'application/json') => ({ [mediaType]: { schema } });
const errorResponse = (status: number) => ({ description: `Error (${status})`, content: content({ $ref: '#/components/schemas/Error' }) });

function response({ description, schema, mediaType, headers }: RouteResponse): object {
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(schema ? { content: content(schema, mediaType) } : {}),
  };
}

/** Operation security: none for open routes (and the webhook, signed instead), else the API key or a token. */
function security(auth: RouteAuth): object | undefined {
  if (auth === 'open' || auth === 'signature') return [];
  if (auth === 'api-key') return [{ bearer: [] }, { apiKey: [] }];
  return undefined;
}

function parameters(route: RouteSpec): object[] {
  const list: object[] = [];
  for (const [name, schema] of Object.entries(route.params ?? {})) list.push({ name, in: 'path', required: true, schema });
  const query = route.query;
  for (const [name, schema] of Object.entries((query?.schema.properties ?? {}) as Record<string, Schema>)) {
    list.push({ name, in: 'query', required: false, schema, ...(query?.explode?.includes(name) ? { style: 'form', explode: true } : {}) });
  }
  for (const [name, schema] of Object.entries(route.headers ?? {})) list.push({ name, in: 'header', required: true, schema });
  return list;
}

function requestBody(route: RouteSpec): object | undefined {
  const body = route.body;
  if (!body) return undefined;
  const forms = Object.values(body.forms ?? {}).map((schema) =>
    typeof schema.title === 'string' ? { $ref: `#/components/schemas/${schema.title}` } : schema,
  );
  const schema = body.schema
    ? typeof body.schema.title === 'string'
      ? { $ref: `#/components/schemas/${body.schema.title}` }
      : body.schema
    : { oneOf: forms };
  return { required: true, content: content(schema) };
}

function operation(route: RouteSpec): object {
  const params = parameters(route);
  const body = requestBody(route);
  const auth = security(route.auth);
  const notes = route.auth === 'open-unless-protected' ? { 'x-agentd-auth': 'open unless security.protectMetrics' } : {};
  return {
    summary: route.summary,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(auth ? { security: auth } : {}),
    ...notes,
    responses: {
      ...Object.fromEntries(Object.entries(route.responses).map(([status, answer]) => [status, response(answer)])),
      ...Object.fromEntries((route.errors ?? []).map((status) => [String(status), errorResponse(status)])),
    },
  };
}

export function openApiPaths(table: readonly RouteSpec[]): Record<string, Record<string, object>> {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of table) (paths[route.path] ??= {})[route.method] = operation(route);
  return paths;
}

export function buildOpenApi(version: string, table: readonly RouteSpec[]): object {
  return {
    openapi: '3.1.0',
    info: { title: 'agentd', version, description: 'Runs deterministic coding capabilities as background jobs.' },
    paths: openApiPaths(table),
    // Every route needs the API key or a token when the daemon has either, unless it says otherwise.
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The API key or a JWT from POST /auth/token.' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas: {
        CreateTaskJob: schemas.createTaskJobSchema,
        CreateCapabilityJob: schemas.createCapabilityJobSchema,
        CreatePipelineJob: schemas.createPipelineJobSchema,
        FollowUpMessage: schemas.followUpMessageSchema,
        FollowUpAction: schemas.followUpActionSchema,
        CreatePlan: schemas.createPlanSchema,
        PlanAnswer: schemas.planAnswerSchema,
        Limits: schemas.limitsSchema,
        Job: schemas.jobRecordSchema,
        Error: schemas.errorSchema,
        Health: schemas.healthSchema,
        Stats: schemas.statsSchema,
        Instance: schemas.instanceSchema,
        ThroughputBucket: schemas.throughputBucketSchema,
        CapabilityMeta: schemas.capabilityMetaSchema,
        LogRecord: schemas.logRecordSchema,
        Plan: schemas.planSchema,
        Change: schemas.changeSchema,
        JobResult: resultSchemas.jobResultSchema,
        JobSummary: resultSchemas.jobSummarySchema,
        ChangeView: resultSchemas.changeViewSchema,
        Finding: resultSchemas.findingSchema,
        FindingFrame: resultSchemas.findingFrameSchema,
      },
    },
  };
}
