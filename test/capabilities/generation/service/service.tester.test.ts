/** generation.service's tester suite: the service and its errors module in the project's driver and style, refusals (existing file, a taken export, no driver), input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

const EXPRESS_PG = fixturePath('generation', 'express-pg-mocha');
const FASTIFY_SQLITE = fixturePath('generation', 'fastify-sqlite-nodetest');
const NEXT_PG = fixturePath('generation', 'next-app-pg');

describe('capabilities/generation/service cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.service' }).run({
    invalid: [
      {
        name: 'a named sql.js service in the sample style (tabs, no semicolons)',
        fixture: FASTIFY_SQLITE,
        input: { name: 'ProductService', fields: [{ name: 'sku', type: 'string', required: true, unique: true }] },
        changes: {
          'src/services/service-errors.ts': {
            contains: ['export class ConflictError extends Error {', "\t\tthis.name = 'ConflictError'\n"],
            notContains: ';\n',
          },
          'src/services/product-service.ts': {
            contains: [
              "import type { Database, SqlValue } from 'sql.js'\n",
              'export interface Product {\n\tid: number\n\tsku: string\n}',
              'const TABLE = \'"products"\'',
            ],
            notContains: ';\n',
          },
        },
      },
      {
        name: 'no fields: a pg service with the usual fields of a todo',
        fixture: EXPRESS_PG,
        input: { resource: 'todo' },
        changes: {
          'src/services/service-errors.ts': { contains: 'export class ConflictError' },
          'src/services/todo-service.ts': {
            contains: [
              "import type { Pool } from 'pg';",
              'export interface Todo {\n  id: number;\n  title: string;\n  done: boolean;\n}',
              'export type TodoUpdate = Partial<TodoCreate>;',
            ],
          },
        },
      },
      {
        name: 'a Next.js app-router project: the service and its errors in lib/, in its style (no semicolons)',
        fixture: NEXT_PG,
        input: { resource: 'invoice', fields: [{ name: 'total', type: 'number', required: true }] },
        changes: {
          'lib/service-errors.ts': { contains: 'export class ConflictError extends Error {', notContains: ';\n' },
          'lib/invoice-service.ts': {
            contains: [
              "import type { Pool } from 'pg'\n",
              "import { ConflictError } from './service-errors'\n",
              'export class InvoiceService {',
            ],
            notContains: ';\n',
          },
        },
      },
      {
        name: 'an existing service file with other content is refused',
        fixture: EXPRESS_PG,
        files: { 'src/services/todo-service.ts': 'export const x = 1\n' },
        input: { resource: 'todo' },
        error: { code: 'generation_refused', message: 'src/services/todo-service.ts already exists with other content' },
      },
      {
        name: 'another file exporting the service name',
        fixture: EXPRESS_PG,
        files: { 'src/other.ts': 'export class TodoService {}\n' },
        input: { resource: 'todo' },
        error: { code: 'invalid_input', message: 'src/other.ts already exports TodoService' },
      },
      {
        name: 'no SQL driver in package.json',
        files: { 'package.json': '{ "name": "x" }\n' },
        input: { resource: 'todo' },
        error: { code: 'invalid_input', message: 'the project depends on no SQL driver' },
      },
    ],
    inputErrors: [
      { name: 'neither resource nor name', input: {}, message: "must have required property 'resource'" },
      { name: 'a service name not in PascalCase', input: { name: 'todoService' }, message: '/name must match pattern' },
      {
        name: 'an unknown field type',
        input: { resource: 'todo', fields: [{ name: 'x', type: 'float' }] },
        message: '/fields/0/type must be equal to one of the allowed values',
      },
    ],
  });
});
