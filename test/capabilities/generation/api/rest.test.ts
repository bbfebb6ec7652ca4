/**
 * The API generators through the daemon: a generation.crud-resource job on the Express + pg fixture is
 * staged for approval (every file visible as a change, nothing on disk), approve writes them; a bad
 * spec is refused at submission by the input schema (the build workflow "build a REST API for a todo
 * list with PostgreSQL", which needs a trusted workspace and the sandbox's database, is in
 * build-workflow.test.ts). On the Next.js fixture: api-route and
 * crud-resource jobs stage route handlers (nothing to mount), and the agent plans crud-resource there too.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../../daemon/support/http-client.js';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('API generators over REST', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'generation/express-pg-mocha' });
  });
  after(async () => {
    await t.close();
  });

  it('a crud-resource job stages the table, service, routes, tests and the mount for approval; approve writes them', async () => {
    const input = {
      resource: 'todo',
      fields: [
        { name: 'title', type: 'string', required: true },
        { name: 'done', type: 'boolean', required: true, default: false },
      ],
    };
    const id = (await post(t.url, '/jobs', { capability: 'generation.crud-resource', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    const changes = waiting.result!.changes.map((c) => [c.path, c.action]);
    expect(changes).to.deep.include.members([
      ['migrations/002_create_todos.sql', 'create'],
      ['src/services/todo-service.ts', 'create'],
      ['src/routes/todos.ts', 'create'],
      ['test/todos-api.test.ts', 'create'],
      ['src/app.ts', 'modify'],
    ]);
    const project = path.join(t.workspace, 'project');
    expect(await exists(path.join(project, 'src', 'routes', 'todos.ts'))).to.equal(false);
    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    const done = await waitForStatus(t.url, id, ['succeeded', 'failed']);
    expect(done.status).to.equal('succeeded');
    expect(await readFile(path.join(project, 'src', 'app.ts'), 'utf8')).to.include("app.use('/todos', todoRouter(new TodoService(pool)));");
    expect(await readFile(path.join(project, 'migrations', '002_create_todos.sql'), 'utf8')).to.include(
      '"done" boolean NOT NULL DEFAULT FALSE',
    );
  });

  it('through the agent: "create a CRUD resource for products" plans generation.crud-resource and stages the resource with the usual product fields', async () => {
    const id = (await post(t.url, '/jobs', { task: 'create a CRUD resource for products', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete']);
    const at = waiting.plan!.steps.findIndex((s) => s.capability === 'generation.crud-resource');
    expect(at, JSON.stringify(waiting.plan)).to.be.at.least(0);
    expect(waiting.plan!.steps[at]!.input).to.include({ resource: 'products' });
    const step = waiting.steps.find((s) => s.capability === 'generation.crud-resource')!;
    expect(step.status, JSON.stringify(waiting.error)).to.equal('succeeded');
    expect(step.summary).to.include(
      'No fields were given: assumed name (string, required), price (number, required), stock (int, required, default 0)',
    );
    const paths = waiting.result!.changes.map((c) => c.path);
    expect(paths).to.include.members([
      'src/services/product-service.ts',
      'src/routes/products.ts',
      'test/products-api.test.ts',
      'src/app.ts',
    ]);
    expect(paths.some((p) => /^migrations\/\d+_create_products\.sql$/.test(p))).to.equal(true);
  });

  it('a field type outside the schema is refused at submission with invalid_input', async () => {
    const response = await post(t.url, '/jobs', {
      capability: 'generation.api-route',
      input: { resource: 'todo', fields: [{ name: 'title', type: 'varchar' }] },
      workspace: 'project',
    });
    expect(response.status).to.equal(422);
    expect((response.body as unknown as { error: { code: string } }).error.code).to.equal('invalid_input');
  });
});

describe('API generators over REST on the Next.js app-router fixture', function () {
  this.timeout(120_000);
  let next: TestDaemon;
  before(async () => {
    next = await startTestDaemon({ fixture: 'generation/next-app-pg' });
  });
  after(async () => {
    await next.close();
  });

  it('a generation.api-route job stages app-router route handlers; approve writes them', async () => {
    const input = {
      resource: 'todo',
      fields: [{ name: 'title', type: 'string', required: true }],
      methods: ['list', 'create', 'delete'],
    };
    const id = (await post(next.url, '/jobs', { capability: 'generation.api-route', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(next.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => c.path)).to.include.members([
      'app/api/todos/route.ts',
      'app/api/todos/[id]/route.ts',
      'lib/todo-service-instance.ts',
    ]);
    expect((await post(next.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(next.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
    const item = await readFile(path.join(next.workspace, 'project', 'app', 'api', 'todos', '[id]', 'route.ts'), 'utf8');
    expect(item).to.include('export async function DELETE(_request: Request, context: RouteContext): Promise<Response> {');
    expect(item).to.not.include('export async function PATCH');
  });

  it('a generation.crud-resource job stages the table, lib/ service, route handlers and the Vitest test, nothing mounted; approve writes them', async () => {
    const input = { resource: 'ticket', fields: [{ name: 'subject', type: 'string', required: true }] };
    const id = (await post(next.url, '/jobs', { capability: 'generation.crud-resource', input, workspace: 'project' })).body.id;
    const waiting = await waitForStatus(next.url, id, ['awaiting_approval', 'failed', 'succeeded']);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.result!.changes.map((c) => [c.path, c.action])).to.deep.include.members([
      ['db/tickets.sql', 'create'],
      ['lib/ticket-service.ts', 'create'],
      ['app/api/tickets/route.ts', 'create'],
      ['app/api/tickets/[id]/route.ts', 'create'],
      ['__tests__/tickets-api.test.ts', 'create'],
    ]);
    expect(waiting.result!.changes.filter((c) => c.action !== 'create')).to.deep.equal([]);
    const project = path.join(next.workspace, 'project');
    expect(await exists(path.join(project, 'app', 'api', 'tickets', 'route.ts'))).to.equal(false);
    expect((await post(next.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    expect((await waitForStatus(next.url, id, ['succeeded', 'failed'])).status).to.equal('succeeded');
    expect(await readFile(path.join(project, '__tests__', 'tickets-api.test.ts'), 'utf8')).to.include(
      "import { GET as listTickets, POST as createTicket } from '../app/api/tickets/route'",
    );
  });

  it('through the agent: "create a CRUD resource for products" plans generation.crud-resource and stages Next.js route handlers', async () => {
    const id = (await post(next.url, '/jobs', { task: 'create a CRUD resource for products', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(next.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete']);
    const step = waiting.steps.find((s) => s.capability === 'generation.crud-resource');
    expect(step?.status, JSON.stringify(waiting.plan ?? waiting.error)).to.equal('succeeded');
    expect(step!.summary).to.include('Next.js route handlers GET /api/products');
    expect(waiting.result!.changes.map((c) => c.path)).to.include.members([
      'lib/product-service.ts',
      'app/api/products/route.ts',
      'app/api/products/[id]/route.ts',
      '__tests__/products-api.test.ts',
    ]);
  });
});
