/**
 * generation.crud-resource and generation.service on the Next.js app-router fixture (next-app-pg:
 * Next's tsconfig — bundler resolution, strict, noEmit — no semicolons, Vitest in __tests__/), with
 * the project's real checks on what they write: tsc under its tsconfig, ESLint with its config,
 * Prettier idempotence, and the generated integration test run by the project's Vitest — it imports
 * app/api/<resources>/route.ts and [id]/route.ts and calls their exports with web Requests, through
 * the real service and SQL on the real PostgreSQL at 127.0.0.1:5432 (a schema of its own per run).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { isAgentdError } from '../../../../core/index.js';
import { run as crudResource } from '../../../../capabilities/generation/crud-resource.js';
import { run as service } from '../../../../capabilities/generation/service.js';
import { copyFixture, generate, lint, prettierCheck, removeCopies, runVitest, typecheck } from './fixture-project.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const NEXT_PG = 'next-app-pg';

describe('generation.crud-resource and generation.service (Next.js app router)', function () {
  this.timeout(180_000);
  after(removeCopies);

  it('crud-resource: route handlers, service in lib/, table SQL and a Vitest test that passes on PostgreSQL; tsc, ESLint and Prettier clean', async () => {
    const root = await copyFixture(NEXT_PG);
    const { result, written } = await generate(crudResource, root, {
      resource: 'todo',
      fields: [
        { name: 'title', type: 'string', required: true, unique: true },
        { name: 'notes', type: 'text' },
        { name: 'done', type: 'boolean', required: true, default: false },
        { name: 'priority', type: 'int' },
        { name: 'estimate', type: 'number' },
        { name: 'dueAt', type: 'date' },
        { name: 'ownerId', type: 'uuid' },
      ],
    });
    expect([...written].sort()).to.deep.equal([
      '__tests__/todos-api.test.ts',
      'app/api/todos/[id]/route.ts',
      'app/api/todos/route.ts',
      'db/todos.sql',
      'lib/api-error.ts',
      'lib/request-checks.ts',
      'lib/service-errors.ts',
      'lib/todo-input.ts',
      'lib/todo-service-instance.ts',
      'lib/todo-service.ts',
    ]);
    const data = result.data as { framework: string; routes: { verb: string; path: string }[]; mount: { mounted: boolean } };
    expect(data.framework).to.equal('next');
    expect(data.routes.map((r) => `${r.verb} ${r.path}`)).to.deep.equal([
      'GET /api/todos',
      'GET /api/todos/[id]',
      'POST /api/todos',
      'PATCH /api/todos/[id]',
      'DELETE /api/todos/[id]',
    ]);
    expect(data.mount.mounted).to.equal(false);
    expect(result.summary)
      .to.include('Integration tests in __tests__/todos-api.test.ts (vitest;')
      .and.include('Nothing to mount: the app router serves the route.ts files.');

    const ts = written.filter((f) => f.endsWith('.ts'));
    const checks = { tsc: await typecheck(root), eslint: await lint(root, ts), prettier: await prettierCheck(root, ts) };
    for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);

    const tests = await runVitest(root, { DATABASE_URL });
    expect(tests.code, tests.output).to.equal(0);
    // The fixture's own health test and the four generated ones.
    expect(tests.output)
      .to.match(/__tests__\/todos-api\.test\.ts \(4 tests\)/)
      .and.match(/Tests\s+5 passed \(5\)/);

    // The run's schema was dropped again (the generated test's afterAll).
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const left = await client.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test_todos_%'");
      expect(left.rows).to.deep.equal([]);
    } finally {
      await client.end();
    }
  });

  it('crud-resource: a failing handler fails the generated test (the test is not vacuous)', async () => {
    const root = await copyFixture(NEXT_PG);
    const { written } = await generate(crudResource, root, {
      resource: 'note',
      fields: [{ name: 'body', type: 'text', required: true }],
    });
    expect(written).to.include('__tests__/notes-api.test.ts');
    const item = `${root}/app/api/notes/[id]/route.ts`;
    // DELETE answers 200 instead of 204: the generated CRUD test must notice.
    await writeFile(item, (await readFile(item, 'utf8')).replace('{ status: 204 }', '{ status: 200 }'));
    const tests = await runVitest(root, { DATABASE_URL });
    expect(tests.code).to.not.equal(0);
    expect(tests.output)
      .to.include('creates, reads, lists, updates and deletes a note')
      .and.match(/expected 200 to be 204/);
  });

  it('crud-resource on a src/app layout with Next.js 14: src/lib/, params as an object, a reserved word as column; checks and tests pass', async () => {
    const root = await copyFixture(NEXT_PG);
    await mkdir(path.join(root, 'src'));
    await rename(path.join(root, 'app'), path.join(root, 'src', 'app'));
    const edit = async (file: string, from: string, to: string): Promise<void> =>
      writeFile(path.join(root, file), (await readFile(path.join(root, file), 'utf8')).replace(from, to));
    await edit('__tests__/health.test.ts', '../app/', '../src/app/');
    await edit('package.json', '"next": "16.4.6"', '"next": "14.2.30"');
    const { result, written } = await generate(crudResource, root, {
      resource: 'order item',
      fields: [
        { name: 'quantity', type: 'int', required: true },
        { name: 'order', type: 'string', unique: true },
      ],
    });
    expect(written).to.include.members([
      'src/app/api/order-items/route.ts',
      'src/app/api/order-items/[id]/route.ts',
      'src/lib/order-item-service.ts',
      '__tests__/order-items-api.test.ts',
    ]);
    expect(result.summary).to.include('Next.js 14: the [id] handler takes params as an object (a Promise from Next.js 15 on).');
    expect(await readFile(path.join(root, 'src/app/api/order-items/[id]/route.ts'), 'utf8')).to.include('params: { id: string }');
    const ts = written.filter((f) => f.endsWith('.ts'));
    const checks = { tsc: await typecheck(root), eslint: await lint(root, ts), prettier: await prettierCheck(root, ts) };
    for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
    const tests = await runVitest(root, { DATABASE_URL });
    expect(tests.code, tests.output).to.equal(0);
    expect(tests.output).to.match(/__tests__\/order-items-api\.test\.ts \(4 tests\)/);
  });

  it('service: the service module alone in lib/, beside the shared service errors; tsc, ESLint and Prettier clean', async () => {
    const root = await copyFixture(NEXT_PG);
    const { result, written } = await generate(service, root, { name: 'InvoiceService' });
    expect([...written].sort()).to.deep.equal(['lib/invoice-service.ts', 'lib/service-errors.ts']);
    expect(result.summary).to.include('InvoiceService on table invoices (postgres, pg) in lib/invoice-service.ts');
    const checks = { tsc: await typecheck(root), eslint: await lint(root, written), prettier: await prettierCheck(root, written) };
    for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
  });

  it('crud-resource with framework: next on an sql.js project is refused: the handlers are written for pg', async () => {
    const root = await copyFixture('fastify-sqlite-nodetest');
    try {
      await generate(crudResource, root, { resource: 'todo', framework: 'next' });
      expect.fail('generated Next.js handlers on sql.js');
    } catch (error) {
      expect(isAgentdError(error) && error.code, String(error)).to.equal('invalid_input');
      expect((error as Error).message).to.match(/^database: Next\.js route handlers are written for PostgreSQL through pg/);
    }
  });
});
