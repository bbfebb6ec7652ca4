/** generation.crud-resource's tester suite: table, service, routes (Fastify; Next.js route handlers), integration test and mount of one resource in the sample's style; refusals (a taken export, an existing file); input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

const FASTIFY_SQLITE = fixturePath('generation', 'fastify-sqlite-nodetest');
const NEXT_PG = fixturePath('generation', 'next-app-pg');
const TITLE = [{ name: 'title', type: 'string', required: true }];

describe('capabilities/generation/crud-resource cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.crud-resource' }).run({
    invalid: [
      {
        name: 'a two-word resource on Fastify + sql.js: every part named in its casing, mounted as a diff',
        fixture: FASTIFY_SQLITE,
        input: { resource: 'blog post', fields: TITLE },
        changes: {
          'db/blog_posts.sql': {
            contains: [
              'CREATE TABLE "blog_posts" (',
              '"id" INTEGER PRIMARY KEY AUTOINCREMENT,',
              '"title" TEXT NOT NULL CHECK (length("title") <= 255)',
            ],
          },
          'src/services/service-errors.ts': { contains: 'export class ConflictError extends Error' },
          'src/services/blog-post-service.ts': {
            contains: ['export interface BlogPost {', 'const TABLE = \'"blog_posts"\''],
            notContains: ';\n',
          },
          'src/http/api-error.ts': { notContains: ';\n' },
          'src/http/request-checks.ts': { notContains: ';\n' },
          'src/validation/blog-post-input.ts': { contains: 'title: {' },
          'src/routes/blog-posts.ts': {
            contains: [
              'export async function blogPostRoutes(app: FastifyInstance, options: { service: BlogPostService }) {',
              "import { parseBlogPostCreate, parseBlogPostUpdate } from '../validation/blog-post-input.js'",
              "app.post('/', async (request, reply) =>",
            ],
            notContains: ';\n',
          },
          'test/blog-posts-api.test.ts': {
            contains: [
              "import { after, before, describe, it } from 'node:test'",
              "describe('/blog-posts API', () => {",
              "\t{ title: 'title 1' },",
            ],
          },
          'src/app.ts': { diffContains: "import { blogPostRoutes } from './routes/blog-posts.js'" },
        },
      },
      {
        name: 'Next.js app router: route handlers in app/api, the service and shared checks in lib/, a Vitest test in __tests__, nothing mounted',
        fixture: NEXT_PG,
        input: { resource: 'todo', fields: TITLE },
        changes: {
          'db/todos.sql': { contains: ['CREATE TABLE "todos" (', '"id" serial PRIMARY KEY'] },
          'lib/service-errors.ts': { contains: 'export class ConflictError extends Error', notContains: ';\n' },
          'lib/todo-service.ts': { contains: ["import type { Pool } from 'pg'\n", 'export class TodoService {'], notContains: ';\n' },
          'lib/api-error.ts': { notContains: ';\n' },
          'lib/request-checks.ts': { notContains: ';\n' },
          'lib/todo-input.ts': { contains: 'export function parseTodoCreate(body: unknown): TodoCreate {' },
          'lib/todo-service-instance.ts': { contains: 'new TodoService(new Pool({ connectionString: process.env.DATABASE_URL }))' },
          'app/api/todos/route.ts': {
            contains: ['export async function GET(request: Request): Promise<Response> {', 'export async function POST('],
            notContains: ';\n',
          },
          'app/api/todos/[id]/route.ts': {
            contains: ['params: Promise<{ id: string }>', 'export async function PATCH(', 'export async function DELETE('],
          },
          '__tests__/todos-api.test.ts': {
            contains: [
              "import { afterAll, beforeAll, describe, expect, it } from 'vitest'\n",
              "import { GET as listTodos, POST as createTodo } from '../app/api/todos/route'\n",
              "describe('/api/todos route handlers', () => {",
              "await admin.query(await readFile('db/todos.sql', 'utf8'))",
            ],
            notContains: ';\n',
          },
        },
      },
      {
        name: 'validation: "zod" on Fastify + sql.js: a z.strictObject schema and the shared zod body parser, in the sample style',
        fixture: FASTIFY_SQLITE,
        input: { resource: 'blog post', fields: TITLE, validation: 'zod' },
        changes: {
          'src/http/zod-body.ts': {
            contains: ['export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {', 'schema.safeParse(body)'],
            notContains: ';\n',
          },
          'src/validation/blog-post-input.ts': {
            contains: ["import { z } from 'zod'", 'export const blogPostCreateSchema = z.strictObject({', '\ttitle: z.string().max(255),'],
            notContains: ';\n',
          },
          'src/http/request-checks.ts': { contains: 'export function parseId', notContains: 'FieldRules' },
          // The rest as without a library: the routes call the same parse functions.
          'src/routes/blog-posts.ts': {
            contains: "import { parseBlogPostCreate, parseBlogPostUpdate } from '../validation/blog-post-input.js'",
          },
          'db/blog_posts.sql': {},
          'src/app.ts': {},
          'src/http/api-error.ts': {},
          'src/services/blog-post-service.ts': {},
          'src/services/service-errors.ts': {},
          'test/blog-posts-api.test.ts': { contains: "message: 'is required'" },
        },
      },
      {
        name: 'validation: "ajv" on Next.js: JSON Schemas compiled by the shared Ajv in lib/',
        fixture: NEXT_PG,
        input: { resource: 'todo', fields: TITLE, validation: 'ajv' },
        changes: {
          'lib/ajv-body.ts': { contains: 'export const ajv = new Ajv({ allErrors: true, allowUnionTypes: true })' },
          'lib/todo-input.ts': {
            contains: ["required: ['title']", 'const validateCreate = ajv.compile<TodoCreate>(todoCreateSchema)'],
          },
          'app/api/todos/route.ts': { contains: "import { parseTodoCreate } from '../../../lib/todo-input'" },
          'app/api/todos/[id]/route.ts': {},
          '__tests__/todos-api.test.ts': {},
          'db/todos.sql': {},
          'lib/api-error.ts': {},
          'lib/request-checks.ts': { notContains: 'FieldRules' },
          'lib/service-errors.ts': {},
          'lib/todo-service-instance.ts': {},
          'lib/todo-service.ts': {},
        },
      },
      {
        name: 'another file exporting the service name',
        fixture: FASTIFY_SQLITE,
        files: { 'src/legacy.ts': 'export class BlogPostService {}\n' },
        input: { resource: 'blog post', fields: TITLE },
        error: { code: 'invalid_input', message: 'src/legacy.ts already exports BlogPostService' },
      },
      {
        name: 'an existing table file with other content is refused',
        fixture: FASTIFY_SQLITE,
        files: { 'db/blog_posts.sql': '-- mine\n' },
        input: { resource: 'blog post', fields: TITLE },
        error: { code: 'generation_refused', message: 'db/blog_posts.sql already exists with other content' },
      },
    ],
    inputErrors: [
      { name: 'an empty resource', input: { resource: '' }, message: '/resource must NOT have fewer than 1 characters' },
      {
        name: 'a table name that is no SQL identifier',
        input: { resource: 'todo', table: 'Todo Items' },
        message: '/table must match pattern',
      },
      {
        name: 'an unknown database',
        input: { resource: 'todo', database: 'mysql' },
        message: '/database must be equal to one of the allowed values',
      },
      {
        name: 'an unknown validation library',
        input: { resource: 'todo', validation: 'joi' },
        message: '/validation must be equal to one of the allowed values',
      },
    ],
  });
});
