/** Input-schema parts shared by generation.service, generation.api-route and generation.crud-resource. */
import { FIELD_TYPE_NAMES } from './field-types.js';

export const resourceSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 60,
  description:
    'The resource, singular or plural, in any casing ("todo", "blog post", "OrderItems"): names the table (snake_case plural), the types (PascalCase singular), files (kebab-case) and the URL path.',
} as const;

export const fieldsSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 40,
  description:
    'The columns of the resource besides its integer primary key "id"; when left out, the usual fields of a known resource (todo: title, done; user: name, email; …) or a required name, and the result says so.',
  items: {
    type: 'object',
    required: ['name', 'type'],
    additionalProperties: false,
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 60,
        description:
          'camelCase property name in the API (the column is its snake_case form); "id" is the primary key and cannot be declared.',
      },
      type: {
        type: 'string',
        enum: FIELD_TYPE_NAMES,
        description: 'string (at most 255 characters), text, int, number, boolean, date (an ISO 8601 timestamp), uuid.',
      },
      required: { type: 'boolean', default: false, description: 'NOT NULL, and required when creating (unless it has a default).' },
      unique: { type: 'boolean', default: false, description: 'A UNIQUE constraint; a duplicate answers 409 conflict.' },
      default: { type: ['string', 'number', 'boolean'], description: 'Column default of the field\'s type; for a date, "now".' },
      optional: { type: 'boolean', description: "The inverse of required (the planner's field lists); required wins when both are given." },
    },
  },
} as const;

export const tableSchema = {
  type: 'string',
  pattern: '^[a-z_][a-z0-9_]*$',
  maxLength: 63,
  description: 'Table name; default: the resource in snake_case plural.',
} as const;

export const databaseSchema = {
  type: 'string',
  enum: ['auto', 'postgres', 'sqlite'],
  default: 'auto',
  description: 'SQL dialect and driver; auto: from package.json (pg -> postgres, sql.js -> sqlite).',
} as const;

export const frameworkSchema = {
  type: 'string',
  enum: ['auto', 'express', 'fastify'],
  default: 'auto',
  description: 'HTTP framework of the routes; auto: the detected one.',
} as const;

export const routeFrameworkSchema = {
  type: 'string',
  enum: ['auto', 'express', 'fastify', 'next'],
  default: 'auto',
  description:
    'HTTP framework of the routes; next: Next.js app-router route handlers (app/**/route.ts); auto: the detected one (Express or Fastify first).',
} as const;

export const basePathSchema = {
  type: 'string',
  pattern: '^(/[a-z0-9][a-z0-9-]*)+$',
  description: 'URL path the routes are mounted at; default "/<resource plural, kebab-case>".',
} as const;

export const mountSchema = {
  type: 'boolean',
  default: true,
  description: 'Propose mounting the routes in the app file (a staged diff) when it can be done safely; false: only say which line to add.',
} as const;

export const methodsSchema = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', enum: ['list', 'get', 'create', 'update', 'delete', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  description:
    'Operations to expose: list (GET /), get (GET /:id), create (POST /), update (PATCH /:id), delete (DELETE /:id); HTTP verbs are accepted too (GET = list and get, POST = create, PUT or PATCH = update, DELETE = delete); default all.',
} as const;

export const validationSchema = {
  type: 'string',
  enum: ['auto', 'zod', 'ajv', 'manual'],
  default: 'auto',
  description:
    'Library of the input checks: zod (a z.strictObject schema per resource, safeParse; zod 3 or 4 API as installed), ajv (a JSON Schema compiled by ajv), manual (hand-written checks); auto: zod when package.json depends on it, else ajv when it does, else manual. Every choice answers the same 400 invalid_input envelope.',
} as const;
