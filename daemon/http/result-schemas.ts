/**
 * The JSON Schemas of a job's lean result and of what is served beside it (job-result.ts): summaries
 * for GET /jobs, pages of findings and changes, and the page query. Validated by ajv and published in
 * /openapi.json, like schemas.ts.
 */
import { JOB_STATUSES } from '../jobs/job-record.js';

type Schema = Record<string, unknown>;

const isoOrNull = { type: ['string', 'null'], format: 'date-time' };
const errorOrNull = {
  anyOf: [
    { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
    { type: 'null' },
  ],
};

/** `cursor` as given out in a `Link: <...>; rel="next"` header; bounded like every client text. */
export const cursorSchema: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Where the previous page ended: take it from that page\'s Link rel="next" header.',
};

export const pageQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: { cursor: cursorSchema, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
};

export const changeViewSchema: Schema = {
  title: 'ChangeView',
  type: 'object',
  required: ['index', 'path', 'action', 'diff'],
  description: 'A change as records and pages show it: its unified diff, no file texts (GET /jobs/{id}/changes/{index}/before|after).',
  properties: {
    index: { type: 'integer' },
    path: { type: 'string' },
    action: { enum: ['create', 'modify', 'delete'] },
    diff: { type: 'string' },
    diffTruncated: { type: 'boolean', description: 'The record cut the diff; the changes page has it whole.' },
  },
};

export const findingSchema: Schema = {
  title: 'Finding',
  type: 'object',
  required: ['ruleId', 'severity', 'message', 'file', 'range'],
  properties: {
    ruleId: { type: 'string' },
    severity: { enum: ['critical', 'high', 'medium', 'low', 'info'] },
    message: { type: 'string' },
    file: { type: 'string' },
    range: { type: 'object' },
    cwe: { type: 'string' },
    fix: { type: 'object' },
  },
};

export const findingFrameQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: { context: { type: 'integer', minimum: 0, maximum: 20, default: 3, description: 'Lines shown before and after the range.' } },
};

export const findingFrameSchema: Schema = {
  title: 'FindingFrame',
  type: 'object',
  required: ['file', 'range', 'firstLine', 'lines', 'cut'],
  description: "A finding's code frame, read from its file as it is now in the job's workspace.",
  properties: {
    file: { type: 'string' },
    range: { type: 'object' },
    firstLine: { type: 'integer', minimum: 1, description: 'The line number of lines[0].' },
    lines: { type: 'array', items: { type: 'string' }, description: 'Lines longer than 400 characters end with "…".' },
    cut: { type: 'boolean', description: 'The range has more lines than the frame shows (at most 40).' },
  },
};

export const jobResultSchema: Schema = {
  title: 'JobResult',
  type: 'object',
  required: ['summary', 'findings', 'changes', 'artifacts', 'counts', 'truncated', 'links'],
  description: 'Lean: the first 100 findings and changes (diffs only), small step data inline; the rest by reference, paged.',
  properties: {
    summary: { type: 'string' },
    findings: { type: 'array', items: findingSchema, description: 'The first 100; all at links.findings.' },
    changes: { type: 'array', items: changeViewSchema, description: 'The first 100; all at links.changes.' },
    artifacts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'name', 'mediaType', 'size'],
        properties: {
          index: { type: 'integer' },
          name: { type: 'string' },
          mediaType: { type: 'string' },
          size: { type: 'integer' },
          content: { type: 'string', description: 'Inline up to 16 KB; always at /jobs/{id}/artifacts/{index}.' },
        },
      },
    },
    data: { type: 'array', description: 'Per-step data by step index; data over 64 KB of JSON is {truncated: true, size, href}.' },
    counts: {
      type: 'object',
      required: ['findings', 'bySeverity', 'changes', 'artifacts'],
      properties: {
        findings: { type: 'integer' },
        bySeverity: { type: 'object' },
        changes: { type: 'integer' },
        artifacts: { type: 'integer' },
      },
    },
    truncated: { type: 'boolean', description: 'findings or changes hold fewer items than counts.' },
    links: { type: 'object', properties: { findings: { type: 'string' }, changes: { type: 'string' } } },
  },
};

export const jobSummarySchema: Schema = {
  title: 'JobSummary',
  type: 'object',
  required: [
    'id',
    'status',
    'kind',
    'mode',
    'workspace',
    'task',
    'capabilities',
    'progress',
    'error',
    'summary',
    'counts',
    'attempts',
    'createdAt',
    'startedAt',
    'finishedAt',
    'updatedAt',
  ],
  description: 'One row of GET /jobs: never the result itself; texts cut at 500 characters.',
  properties: {
    id: { type: 'string' },
    status: { enum: [...JOB_STATUSES] },
    kind: { enum: ['task', 'pipeline'] },
    mode: { enum: ['approval', 'auto'] },
    workspace: { type: 'string' },
    task: { type: ['string', 'null'] },
    capabilities: { type: 'array', items: { type: 'string' } },
    progress: { type: 'object' },
    error: errorOrNull,
    summary: { type: ['string', 'null'] },
    counts: { anyOf: [{ type: 'object', properties: { findings: { type: 'integer' }, changes: { type: 'integer' } } }, { type: 'null' }] },
    attempts: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: isoOrNull,
    finishedAt: isoOrNull,
    updatedAt: { type: 'string', format: 'date-time' },
    origin: {
      type: 'object',
      description: 'Jobs the GitHub App started from a comment: repository, issue, comment (as in the job record); absent for REST jobs.',
    },
  },
};
