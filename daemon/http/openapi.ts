/** The OpenAPI 3.1 document of the REST API, assembled from the same schema objects ajv validates with. */
import * as schemas from './schemas.js';
import * as resultSchemas from './result-schemas.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

function errors(...statuses: number[]): Record<string, object> {
  return Object.fromEntries(statuses.map((status) => [String(status), { description: `Error (${status})`, content: json(ref('Error')) }]));
}

function queryParameters(schema: Record<string, unknown>): object[] {
  const properties = schema.properties as Record<string, object>;
  return Object.entries(properties).map(([name, property]) => ({
    name, in: 'query', required: false, schema: property, ...(name === 'status' ? { style: 'form', explode: true } : {}),
  }));
}

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const sse = (description: string) => ({ description, content: { 'text/event-stream': { schema: { type: 'string' } } } });

function jobPaths(): Record<string, object> {
  return {
    '/jobs': {
      post: {
        summary: 'Submit a job: a free-text task, one capability, or a pipeline of capabilities.',
        requestBody: { required: true, content: json({ oneOf: [ref('CreateTaskJob'), ref('CreateCapabilityJob'), ref('CreatePipelineJob')] }) },
        responses: { '202': { description: 'The job record (Location: /jobs/<id>).', content: json(ref('Job')) }, ...errors(400, 403, 413, 415, 422, 503) },
      },
      get: {
        summary: 'List jobs, newest first, as summaries; the next page is in the Link header (rel="next").', parameters: queryParameters(schemas.listJobsQuerySchema),
        responses: { '200': paged('Job summaries.', ref('JobSummary')), ...errors(400) },
      },
    },
    ...resultPaths(),
    '/jobs/{id}': {
      parameters: [idParameter],
      get: { summary: 'Read a job.', responses: { '200': { description: 'The job record.', content: json(ref('Job')) }, ...errors(404) } },
      delete: { summary: 'Cancel a queued, running or awaiting_approval job.', responses: { '200': { description: 'The cancelled job.', content: json(ref('Job')) }, ...errors(404, 409) } },
    },
    '/jobs/{id}/followup': {
      parameters: [idParameter],
      post: {
        summary: 'Refine or continue a job ({message}) or approve/reject its staged changes ({action}).',
        requestBody: { required: true, content: json({ oneOf: [ref('FollowUpMessage'), ref('FollowUpAction')] }) },
        responses: { '202': { description: 'The re-queued (or rejected) job.', content: json(ref('Job')) }, ...errors(400, 404, 409, 415, 503) },
      },
    },
    '/plans': {
      post: {
        summary: 'Plan a free-text task without creating a job: the plan (or the question, or what agentd can do) as data.',
        requestBody: { required: true, content: json(ref('CreatePlan')) },
        responses: { '200': { description: 'The plan; nothing was stored or queued.', content: json(ref('PlanAnswer')) }, ...errors(400, 403, 415, 503) },
      },
    },
    '/jobs/{id}/events': {
      parameters: [idParameter],
      get: { summary: "The job's events (status, step, progress, log, done); ends after done.", responses: { '200': sse('Server-Sent Events.'), ...errors(404) } },
    },
    '/events': {
      get: { summary: "Every job's status, step, progress and done events (no log lines), this daemon's and those of daemons sharing its Redis; never ends by itself.", responses: { '200': sse('Server-Sent Events.') } },
    },
  };
}

const pageHeaders = {
  Link: { description: 'The next page: <url>; rel="next" (absent on the last page).', schema: { type: 'string' } },
  'X-Total-Count': { description: 'How many items the whole list holds.', schema: { type: 'integer' } },
};
const paged = (description: string, item: object) => ({ description, headers: pageHeaders, content: json({ type: 'array', items: item }) });
const indexParameter = { name: 'index', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } };
const text = (description: string, type = 'text/plain') => ({ description, content: { [type]: { schema: { type: 'string' } } } });

/** A job's result beside its record (daemon/jobs/job-result.ts). */
function resultPaths(): Record<string, object> {
  const page = queryParameters(resultSchemas.pageQuerySchema);
  return {
    '/jobs/{id}/findings': { parameters: [idParameter], get: { summary: "All of the result's findings, paged.", parameters: page, responses: { '200': paged('Findings.', ref('Finding')), ...errors(400, 404) } } },
    '/jobs/{id}/changes': { parameters: [idParameter], get: { summary: "All of the result's changes with whole diffs, paged.", parameters: page, responses: { '200': paged('Changes.', ref('ChangeView')), ...errors(400, 404) } } },
    '/jobs/{id}/changes/{index}/before': { parameters: [idParameter, indexParameter], get: { summary: 'The file text before a change (404 for a created file).', responses: { '200': text('The text.'), ...errors(404) } } },
    '/jobs/{id}/changes/{index}/after': { parameters: [idParameter, indexParameter], get: { summary: 'The file text after a change (404 for a deleted file).', responses: { '200': text('The text.'), ...errors(404) } } },
    '/jobs/{id}/artifacts/{index}': { parameters: [idParameter, indexParameter], get: { summary: 'An artifact, as a download with its media type.', responses: { '200': text('The artifact.', '*/*'), ...errors(404) } } },
    '/jobs/{id}/data/{index}': { parameters: [idParameter, indexParameter], get: { summary: "A step's data (large data is only here).", responses: { '200': text('JSON.', 'application/json'), ...errors(404) } } },
  };
}

function securityPaths(): Record<string, object> {
  const token = { type: 'object', required: ['token', 'expiresAt'], properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } };
  return {
    '/auth/token': {
      post: {
        summary: 'Trade the API key for a short-lived HS256 JWT (needs security.jwtSecret; 404 without it).', security: [{ bearer: [] }, { apiKey: [] }],
        responses: { '200': { description: 'A token and when it expires.', content: json(token) }, ...errors(401, 404, 429) },
      },
    },
    '/webhooks/github': {
      post: {
        summary: 'A GitHub webhook delivery; X-Hub-Signature-256 is verified on the raw body before parsing (404 without github.webhookSecret).',
        parameters: ['X-Hub-Signature-256', 'X-GitHub-Delivery', 'X-GitHub-Event'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } })),
        requestBody: { required: true, content: json({ type: 'object' }) },
        responses: { '202': { description: 'Accepted (or a replayed delivery, ignored: {duplicate: true}).', content: json({ type: 'object' }) }, ...errors(400, 401, 404, 413, 503) },
      },
    },
  };
}

function servicePaths(): Record<string, object> {
  return {
    '/health': { get: { summary: 'Liveness and readiness.', responses: { '200': { description: 'Healthy.', content: json(ref('Health')) }, '503': { description: 'Unhealthy.', content: json(ref('Health')) } } } },
    '/stats': { get: { summary: 'Job counts.', responses: { '200': { description: 'Counts.', content: json(ref('Stats')) }, ...errors(503) } } },
    '/metrics': { get: { summary: 'Prometheus metrics.', responses: { '200': { description: 'Text exposition.', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    '/capabilities': { get: { summary: 'Registered capabilities.', responses: { '200': { description: 'Capability meta.', content: json({ type: 'array', items: ref('CapabilityMeta') }) } } } },
    '/logs': {
      get: {
        summary: 'Recent structured log lines, oldest first.', parameters: queryParameters(schemas.logsQuerySchema),
        responses: { '200': { description: 'Log records.', content: json({ type: 'array', items: ref('LogRecord') }) }, ...errors(400) },
      },
    },
    '/logs/stream': { get: { summary: 'Live log lines (event "log").', parameters: queryParameters(schemas.logsQuerySchema), responses: { '200': sse('Server-Sent Events.'), ...errors(400) } } },
    '/openapi.json': { get: { summary: 'This document.', responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } } } },
  };
}

export function buildOpenApi(version: string): object {
  return {
    openapi: '3.1.0',
    info: { title: 'agentd', version, description: 'Runs deterministic coding capabilities as background jobs.' },
    paths: { ...servicePaths(), ...jobPaths(), ...securityPaths() },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The API key or a JWT from POST /auth/token.' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas: {
        CreateTaskJob: schemas.createTaskJobSchema, CreateCapabilityJob: schemas.createCapabilityJobSchema,
        CreatePipelineJob: schemas.createPipelineJobSchema, FollowUpMessage: schemas.followUpMessageSchema,
        FollowUpAction: schemas.followUpActionSchema, CreatePlan: schemas.createPlanSchema, PlanAnswer: schemas.planAnswerSchema, Limits: schemas.limitsSchema, Job: schemas.jobRecordSchema,
        Error: schemas.errorSchema, Health: schemas.healthSchema, Stats: schemas.statsSchema,
        CapabilityMeta: schemas.capabilityMetaSchema, LogRecord: schemas.logRecordSchema,
        Plan: schemas.planSchema, Change: schemas.changeSchema,
        JobResult: resultSchemas.jobResultSchema, JobSummary: resultSchemas.jobSummarySchema,
        ChangeView: resultSchemas.changeViewSchema, Finding: resultSchemas.findingSchema,
      },
    },
  };
}
