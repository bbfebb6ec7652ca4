/**
 * The JSON Schemas of the REST API. ajv validates request bodies and queries with exactly these
 * objects, and /openapi.json publishes the same objects, so the contract and the checks cannot drift.
 * They use only keywords that mean the same in draft-07 (ajv) and 2020-12 (OpenAPI 3.1).
 */
import { MAX_NAME_LENGTH, MAX_PATH_LENGTH } from '../../core/index.js';
import { JOB_STATUSES } from '../jobs/job-record.js';
import { changeViewSchema, cursorSchema, jobResultSchema } from './result-schemas.js';

type Schema = Record<string, unknown>;

const positiveInt = { type: 'integer', minimum: 1 };
const isoOrNull = { type: ['string', 'null'], format: 'date-time' };

export const limitsSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: { maxMemoryMB: positiveInt, maxExecutionTimeMin: positiveInt, maxToolCalls: positiveInt },
  description: "Per-job limits; each may only lower the daemon's own limit.",
};

/** A capability id; bounded so no lookup or "did you mean" ever sees a huge name. */
const capabilityIdSchema: Schema = { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH };

const stepRequestSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['capability'],
  properties: { capability: capabilityIdSchema, input: {} },
};

const commonJobFields: Schema = {
  workspace: {
    type: 'string',
    maxLength: MAX_PATH_LENGTH,
    description:
      'Folder relative to workspace.path ("." for all of it); default: workspace.default, and without one the request is refused with workspace_required.',
  },
  mode: { enum: ['approval', 'auto'], description: 'approval (default): staged changes wait for approval; auto: they are applied.' },
  limits: limitsSchema,
  idempotencyKey: { type: 'string', minLength: 1, maxLength: 200, description: 'The same key returns the same job.' },
  priority: {
    type: 'integer',
    minimum: -1000,
    maximum: 1000,
    description: 'Higher runs sooner; equal priorities run in submission order.',
  },
  allowProjectCode: {
    type: 'boolean',
    description:
      "Run the workspace's own code (its tests, scripts, ESLint config and plugins, Prettier JS configs and plugins) in agentd's sandbox. Default: true when the workspace is in security.trustedWorkspaces, else false. true on an untrusted workspace is 403 project_code_not_allowed; false turns it off on a trusted one. Without it, capabilities that would run project code do less and say so (docs/security.md).",
  },
};

export const createTaskJobSchema: Schema = {
  title: 'CreateTaskJob',
  type: 'object',
  additionalProperties: false,
  required: ['task'],
  properties: { task: { type: 'string', minLength: 1, maxLength: 20000 }, ...commonJobFields },
};

export const createCapabilityJobSchema: Schema = {
  title: 'CreateCapabilityJob',
  type: 'object',
  additionalProperties: false,
  required: ['capability'],
  properties: { capability: capabilityIdSchema, input: {}, ...commonJobFields },
};

export const createPipelineJobSchema: Schema = {
  title: 'CreatePipelineJob',
  type: 'object',
  additionalProperties: false,
  required: ['pipeline'],
  properties: { pipeline: { type: 'array', minItems: 1, maxItems: 50, items: stepRequestSchema }, ...commonJobFields },
};

/** POST /plans: plan a task without creating a job. */
export const createPlanSchema: Schema = {
  title: 'CreatePlan',
  type: 'object',
  additionalProperties: false,
  required: ['task'],
  properties: {
    task: { type: 'string', minLength: 1, maxLength: 20000 },
    workspace: commonJobFields.workspace as Schema,
    allowProjectCode: commonJobFields.allowProjectCode as Schema,
  },
};

/** Which branch a body belongs to is decided by its one discriminating key (see validate.ts). */
export const JOB_FORMS = { task: createTaskJobSchema, capability: createCapabilityJobSchema, pipeline: createPipelineJobSchema } as const;

export const followUpMessageSchema: Schema = {
  title: 'FollowUpMessage',
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: { message: { type: 'string', minLength: 1, maxLength: 20000 } },
};

export const followUpActionSchema: Schema = {
  title: 'FollowUpAction',
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: { action: { enum: ['approve', 'reject'] } },
};

export const FOLLOW_UP_FORMS = { message: followUpMessageSchema, action: followUpActionSchema } as const;

export const deleteJobQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    purge: {
      type: 'boolean',
      default: false,
      description:
        'Delete a finished (succeeded, incomplete, failed, cancelled) job: its record, result parts and artifacts; 204. Without it, DELETE cancels.',
    },
  },
};

export const listJobsQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'array', maxItems: JOB_STATUSES.length, items: { enum: [...JOB_STATUSES] } },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    cursor: cursorSchema,
    offset: {
      type: 'integer',
      minimum: 0,
      description: 'Deprecated (kept for older clients; its cost grows with it): follow the cursor instead. Not with cursor.',
    },
    capability: { type: 'string', minLength: 1, maxLength: 256, description: 'Jobs one of whose steps runs this capability.' },
    workspace: { type: 'string', minLength: 1, maxLength: 1024, description: 'Jobs in this workspace folder or below it.' },
    q: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: 'Case-insensitive text in the id, task, summary, workspace, capabilities or error message.',
    },
  },
};

export const logsQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    level: { enum: ['debug', 'info', 'warn', 'error'] },
    q: { type: 'string', maxLength: 500 },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    jobId: { type: 'string', maxLength: 200 },
  },
};

export const changeSchema: Schema = {
  title: 'Change',
  type: 'object',
  required: ['path', 'action', 'after'],
  properties: {
    path: { type: 'string' },
    action: { enum: ['create', 'modify', 'delete'] },
    before: { type: ['string', 'null'] },
    after: { type: ['string', 'null'] },
    diff: { type: 'string', description: 'Unified diff of before -> after.' },
  },
};

export const planSchema: Schema = {
  title: 'Plan',
  type: 'object',
  required: ['intent', 'summary', 'steps', 'notes'],
  description: "The planner's plan of a task job: every planned step, available or not built yet (skipped, never faked).",
  properties: {
    intent: { type: 'string' },
    summary: { type: 'string' },
    notes: { type: 'array', items: { type: 'string' } },
    filters: {
      type: 'object',
      properties: {
        minSeverity: { enum: ['critical', 'high', 'medium', 'low', 'info'] },
        symbol: {
          type: 'object',
          required: ['name', 'file', 'startLine', 'endLine'],
          description: 'Only findings inside this declaration are kept ("in function parseValue").',
          properties: {
            name: { type: 'string' },
            file: { type: 'string' },
            startLine: { type: 'integer' },
            endLine: { type: ['integer', 'null'] },
          },
        },
      },
    },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'capability', 'input', 'target', 'summary', 'available'],
        properties: {
          index: { type: 'integer' },
          capability: { type: 'string' },
          input: { type: 'object' },
          target: { type: ['string', 'null'] },
          summary: { type: 'string' },
          available: { type: 'boolean' },
          reason: { type: 'string', description: 'Why an unavailable step is skipped, e.g. "not built yet".' },
          roles: {
            type: 'array',
            items: { type: 'string' },
            description: "The roles the step's capability plays in plans (its meta.planning.roles), e.g. verify-writes.",
          },
          projectCode: {
            enum: ['allowed', 'not_allowed'],
            description:
              "Present on steps that would run the project's own code: whether this job allows it (not_allowed: the step does less and says so).",
          },
        },
      },
    },
  },
};

const stepRecordSchema: Schema = {
  type: 'object',
  required: ['index', 'capability', 'input', 'status', 'summary', 'startedAt', 'finishedAt'],
  properties: {
    index: { type: 'integer' },
    capability: { type: 'string' },
    input: {},
    status: { enum: ['pending', 'running', 'succeeded', 'failed', 'skipped', 'cancelled'] },
    summary: { type: ['string', 'null'] },
    startedAt: isoOrNull,
    finishedAt: isoOrNull,
    changes: { type: 'array', items: changeViewSchema, description: 'Task jobs: what this step itself staged, as diffs (the first 100).' },
  },
};

/** One planned step that did not run (the record's `notRun`, the SSE `done` event's). */
export function notRunSchema(): Schema {
  return {
    type: 'object',
    required: ['index', 'capability', 'reason'],
    properties: { index: { type: 'integer' }, capability: { type: 'string' }, reason: { type: 'string' } },
  };
}

/** The answer of POST /plans. */
export const planAnswerSchema: Schema = {
  title: 'PlanAnswer',
  type: 'object',
  required: ['outcome', 'workspace', 'permissions', 'plan', 'question', 'notRun', 'message'],
  description: 'What the agent would do for the task, as data; no job was created.',
  properties: {
    outcome: {
      enum: ['plan', 'question', 'unsupported'],
      description:
        'plan: the steps; question: the planner needs an answer first (submit the task with it); unsupported: outside what agentd can do.',
    },
    workspace: { type: 'string' },
    permissions: { type: 'object', required: ['projectCode'], properties: { projectCode: { type: 'boolean' } } },
    plan: { anyOf: [planSchema, { type: 'null' }] },
    question: {
      anyOf: [
        {
          type: 'object',
          required: ['message', 'options'],
          properties: { message: { type: 'string' }, options: { type: 'array', items: { type: 'string' } } },
        },
        { type: 'null' },
      ],
    },
    notRun: {
      type: 'array',
      items: notRunSchema(),
      description: 'The planned steps that would not run (capability not built yet or not registered).',
    },
    message: { type: 'string', description: 'The plan (or question, or what agentd can do) as the agent would say it.' },
  },
};

const jobErrorSchema: Schema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
};

export const jobRecordSchema: Schema = {
  title: 'Job',
  type: 'object',
  required: [
    'id',
    'status',
    'kind',
    'task',
    'mode',
    'workspace',
    'steps',
    'progress',
    'result',
    'error',
    'turns',
    'plan',
    'question',
    'notRun',
    'limits',
    'permissions',
    'usage',
    'attempts',
    'createdAt',
    'startedAt',
    'finishedAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string' },
    status: { enum: [...JOB_STATUSES] },
    kind: { enum: ['task', 'pipeline'] },
    task: { type: ['string', 'null'] },
    mode: { enum: ['approval', 'auto'] },
    workspace: { type: 'string' },
    steps: { type: 'array', items: stepRecordSchema },
    progress: {
      type: 'object',
      required: ['completedSteps', 'totalSteps', 'percent', 'message'],
      properties: {
        completedSteps: { type: 'integer' },
        totalSteps: { type: 'integer' },
        percent: { type: 'number' },
        message: { type: 'string' },
      },
    },
    result: { anyOf: [jobResultSchema, { type: 'null' }] },
    error: { anyOf: [jobErrorSchema, { type: 'null' }] },
    turns: {
      type: 'array',
      items: {
        type: 'object',
        required: ['role', 'message', 'at'],
        properties: { role: { enum: ['user', 'agent'] }, message: { type: 'string' }, at: { type: 'string' } },
      },
    },
    plan: {
      anyOf: [planSchema, { type: 'null' }],
      description: 'Task jobs: the plan of the latest run; null until planned and for pipeline jobs.',
    },
    question: {
      description: "Task jobs: the planner's open clarifying question (answer it with a follow-up message), or null.",
      anyOf: [
        {
          type: 'object',
          required: ['message', 'options'],
          properties: { message: { type: 'string' }, options: { type: 'array', items: { type: 'string' } } },
        },
        { type: 'null' },
      ],
    },
    notRun: {
      type: 'array',
      items: notRunSchema(),
      description:
        'The planned steps that did not run in the latest run, and why (capability not built, not registered, or refused). Non-empty exactly when status is "incomplete".',
    },
    limits: { type: 'object', properties: limitsSchema.properties },
    permissions: {
      type: 'object',
      required: ['projectCode'],
      description: 'What the job may do beyond reading and staging changes.',
      properties: {
        projectCode: {
          type: 'boolean',
          description: "Whether the job may run the workspace's own code (allowProjectCode, else security.trustedWorkspaces).",
        },
      },
    },
    usage: { type: 'object', properties: { toolCalls: { type: 'integer' }, durationMs: { type: 'number' } } },
    origin: {
      type: 'object',
      description: 'Jobs the GitHub App started from a comment: where it came from (absent for REST jobs).',
      required: ['source', 'repository', 'issue', 'commentId', 'commentUrl', 'sender'],
      properties: {
        source: { enum: ['github'] },
        repository: { type: 'string' },
        installationId: { type: 'integer' },
        issue: { type: 'integer' },
        pullRequest: { type: 'boolean' },
        commentId: { type: 'integer' },
        commentUrl: { type: 'string' },
        sender: { type: 'string' },
        delivery: { type: 'string' },
      },
    },
    attempts: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: isoOrNull,
    finishedAt: isoOrNull,
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

export const errorSchema: Schema = {
  title: 'Error',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
};

export const healthSchema: Schema = {
  title: 'Health',
  type: 'object',
  required: ['status', 'uptime', 'timestamp', 'version'],
  properties: {
    status: { enum: ['healthy', 'unhealthy'] },
    uptime: { type: 'integer' },
    timestamp: { type: 'string', format: 'date-time' },
    version: { type: 'string' },
    reason: { type: 'string' },
    jobs: { type: 'object', properties: { queued: { type: 'integer' }, running: { type: 'integer' }, total: { type: 'integer' } } },
  },
};

export const statsSchema: Schema = {
  title: 'Stats',
  type: 'object',
  required: [
    'queued',
    'running',
    'awaitingApproval',
    'succeeded',
    'incomplete',
    'failed',
    'cancelled',
    'total',
    'maxConcurrent',
    'instance',
  ],
  properties: Object.fromEntries(
    ['queued', 'running', 'awaitingApproval', 'succeeded', 'incomplete', 'failed', 'cancelled', 'total', 'maxConcurrent']
      .map((key) => [key, { type: 'integer' }])
      .concat([['instance', { type: 'string' }]]),
  ),
};

export const instanceSchema: Schema = {
  title: 'Instance',
  type: 'object',
  required: ['id', 'version', 'startedAt', 'maxConcurrent', 'running', 'seenAt', 'self'],
  description:
    'A daemon serving this queue, from its last heartbeat (every 5 s; gone 15 s after its last one, at once when it shuts down).',
  properties: {
    id: { type: 'string', description: 'Its instance name, as GET /stats names it.' },
    version: { type: 'string' },
    startedAt: { type: 'string', format: 'date-time' },
    maxConcurrent: { type: 'integer' },
    running: { type: 'integer', description: 'Jobs it ran at its last heartbeat.' },
    seenAt: { type: 'string', format: 'date-time', description: 'Its last heartbeat, by its own clock.' },
    self: { type: 'boolean', description: 'It is the daemon answering.' },
  },
};

export const historyQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: { minutes: { type: 'integer', minimum: 1, maximum: 1440, default: 60, description: 'How many minutes, up to now.' } },
};

export const throughputBucketSchema: Schema = {
  title: 'ThroughputBucket',
  type: 'object',
  required: ['at', 'succeeded', 'incomplete', 'failed', 'cancelled'],
  description: 'Jobs that ended in one minute, by final status, across the daemons of the queue.',
  properties: {
    at: { type: 'string', format: 'date-time', description: "The minute's start." },
    succeeded: { type: 'integer', minimum: 0 },
    incomplete: { type: 'integer', minimum: 0 },
    failed: { type: 'integer', minimum: 0 },
    cancelled: { type: 'integer', minimum: 0 },
  },
};

export const capabilityMetaSchema: Schema = {
  title: 'CapabilityMeta',
  type: 'object',
  required: ['id', 'group', 'title', 'description', 'version', 'inputSchema', 'writes'],
  properties: {
    id: { type: 'string' },
    group: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    version: { type: 'string' },
    inputSchema: { type: 'object' },
    writes: { type: 'boolean' },
    projectCode: {
      type: 'object',
      description:
        "Present when the capability runs the project's own code given the permission: what it runs, and what it does without it.",
      properties: { runs: { type: 'string' }, without: { type: 'string' } },
    },
    planning: {
      type: ['object', 'null'],
      description:
        "How the universal agent's planner recognises and plans it (docs/agent.md, Declaring planning metadata); absent or null: runnable by id, not planned.",
    },
    errors: {
      type: 'array',
      description:
        "The error codes of its own a failed step of it may carry (a job's error.code), besides agentd's catalogue (docs/errors.md).",
      items: { type: 'object', properties: { code: { type: 'string' }, description: { type: 'string' } } },
    },
  },
};

export const logRecordSchema: Schema = {
  title: 'LogRecord',
  type: 'object',
  required: ['time', 'level', 'msg'],
  properties: { time: { type: 'string' }, level: { enum: ['debug', 'info', 'warn', 'error'] }, msg: { type: 'string' } },
  additionalProperties: true,
};
