/** generation.api-route's tester suite: Express routes with their service, mounted as a diff; Fastify routes left unmounted; refusals (existing routes file, no framework); input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

const EXPRESS_PG = fixturePath('generation', 'express-pg-mocha');
const FASTIFY_SQLITE = fixturePath('generation', 'fastify-sqlite-nodetest');

describe('capabilities/generation/api-route cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.api-route' }).run({
    invalid: [
      {
        name: 'Express list/get routes, their service (there was none) and the mount in src/app.ts as a diff; no body parsers, since no route takes a body',
        fixture: EXPRESS_PG,
        input: { resource: 'todo', methods: ['list', 'get'] },
        changes: {
          'src/services/service-errors.ts': { contains: 'export class ConflictError extends Error' },
          'src/services/todo-service.ts': { contains: ["import type { Pool } from 'pg';", 'export interface Todo {'] },
          'src/http/api-error.ts': { contains: "import { ConflictError } from '../services/service-errors.js';" },
          'src/http/request-checks.ts': { contains: 'export type FieldType =' },
          'src/routes/todos.ts': {
            contains: ['export function todoRouter(service: TodoService): Router {', "router.get('/:id', async (req, res, next) => {"],
            notContains: ['router.post(', 'router.patch(', 'router.delete('],
          },
          'src/app.ts': {
            diffContains: ["+import { todoRouter } from './routes/todos.js';", "+  app.use('/todos', todoRouter(new TodoService(pool)));"],
          },
        },
      },
      {
        name: 'a Fastify DELETE route in the sample style (tabs, no semicolons), without body parsers; mount: false leaves src/app.ts alone',
        fixture: FASTIFY_SQLITE,
        input: { resource: 'note', fields: [{ name: 'body', type: 'text', required: true }], methods: ['DELETE'], mount: false },
        changes: {
          'src/services/service-errors.ts': { contains: "\t\tthis.name = 'ConflictError'\n" },
          'src/services/note-service.ts': { contains: "import type { Database, SqlValue } from 'sql.js'\n" },
          'src/http/api-error.ts': { notContains: ';\n' },
          'src/http/request-checks.ts': { notContains: ';\n' },
          'src/routes/notes.ts': {
            contains: [
              'export async function noteRoutes(app: FastifyInstance, options: { service: NoteService }) {',
              "\tapp.delete<{ Params: IdParams }>('/:id', async (request, reply) => {",
              'return reply.status(204).send()\n',
            ],
            notContains: ['app.get(', 'app.post(', ';\n'],
          },
        },
        check: ({ result }) => {
          if (
            !result?.summary.includes(
              "Not mounted (mount: false): add app.register(noteRoutes, { prefix: '/notes', service: new NoteService(db) }) to src/app.ts.",
            )
          )
            throw new Error(`summary: ${result?.summary}`);
        },
      },
      {
        name: 'an existing routes file with other content is refused',
        fixture: EXPRESS_PG,
        files: { 'src/routes/todos.ts': 'export const x = 1;\n' },
        input: { resource: 'todo' },
        error: { code: 'generation_refused', message: 'src/routes/todos.ts already exists with other content' },
      },
      {
        name: 'neither Express nor Fastify',
        files: { 'package.json': '{ "name": "x", "dependencies": { "pg": "8.23.1" } }\n' },
        input: { resource: 'todo' },
        error: { code: 'invalid_input', message: 'the project uses neither Express nor Fastify' },
      },
    ],
    inputErrors: [
      { name: 'no resource', input: { methods: ['list'] }, message: "must have required property 'resource'" },
      { name: 'a base path that is no URL path', input: { resource: 'todo', basePath: 'todos' }, message: '/basePath must match pattern' },
      {
        name: 'an unknown method',
        input: { resource: 'todo', methods: ['HEAD'] },
        message: '/methods/0 must be equal to one of the allowed values',
      },
    ],
  });
});
