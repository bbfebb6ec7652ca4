/**
 * generation.api-route on a Next.js app-router project (fixtures/generation/next-app-pg: Next's own
 * tsconfig — bundler resolution, strict, noEmit — no semicolons): route.ts files exporting GET/POST
 * and GET/PATCH/DELETE with web-standard Request/Response, Prettier-stable (tsc under the fixture's
 * tsconfig and ESLint with its config: next-route-handlers.slow-test.ts); then run for real: the handler modules
 * bundled by esbuild (as Next's bundler would, pg left external) and called as Next's router calls
 * them — `GET(request)`, `PATCH(request, { params: Promise<{ id }> })` — on the real PostgreSQL at
 * 127.0.0.1:5432 (a temp database through DATABASE_URL): validation errors, the error envelope,
 * 201/200/204/404/409 statuses. `next` itself is not installed (its handlers need no import from it).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'chai';
import { build } from 'esbuild';
import { run as apiRoute } from '../../../../capabilities/generation/api-route.js';
import { createTempDatabase, type TempDatabase } from '../db-proof/pg-catalog.js';
import { copyFixture, generate, prettierCheck, removeCopies } from './fixture-project.js';

type Handler = (request: Request, context?: { params: Promise<{ id: string }> }) => Promise<Response>;

const FIELDS = [
  { name: 'title', type: 'string' as const, required: true, unique: true },
  { name: 'done', type: 'boolean' as const, required: true, default: false },
];

/** A route.ts of the copy bundled to CommonJS (pg external) and loaded. */
async function loadRoute(root: string, file: string): Promise<Record<string, Handler>> {
  const outfile = path.join(root, '.bundle', file.replace(/[/[\]]/g, '_').replace(/\.ts$/, '.cjs'));
  await build({
    entryPoints: [path.join(root, file)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['pg'],
    outfile,
    logLevel: 'silent',
  });
  return createRequire(path.join(root, 'package.json'))(outfile) as Record<string, Handler>;
}

const json = (method: string, url: string, body?: unknown): Request =>
  new Request(url, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe('generation.api-route (Next.js route handlers)', function () {
  this.timeout(120_000);
  let db: TempDatabase;
  // The handlers' module keeps its pg Pool for the life of the process, as in a Next.js server; the
  // test records the pools made so it can end them before dropping the database.
  const pgModule = createRequire(import.meta.url)('pg') as { Pool: new (options: object) => { end(): Promise<void> } };
  const OriginalPool = pgModule.Pool;
  const pools: Array<{ end(): Promise<void> }> = [];
  before(async () => {
    db = await createTempDatabase('next');
    pgModule.Pool = class extends OriginalPool {
      constructor(options: object) {
        super(options);
        pools.push(this);
      }
    };
  });
  after(async () => {
    pgModule.Pool = OriginalPool;
    await Promise.all(pools.map((pool) => pool.end()));
    await db?.drop();
    await removeCopies();
  });

  it('writes app/api/todos/route.ts and [id]/route.ts, Prettier-stable in the project style, that answer on PostgreSQL', async () => {
    const root = await copyFixture('next-app-pg');
    const { result, written } = await generate(apiRoute, root, { resource: 'todo', fields: FIELDS });
    expect([...written].sort()).to.deep.equal([
      'app/api/todos/[id]/route.ts',
      'app/api/todos/route.ts',
      'lib/api-error.ts',
      'lib/request-checks.ts',
      'lib/service-errors.ts',
      'lib/todo-input.ts',
      'lib/todo-service-instance.ts',
      'lib/todo-service.ts',
    ]);
    expect(result.summary).to.include(
      'Next.js route handlers GET /api/todos, GET /api/todos/[id], POST /api/todos, PATCH /api/todos/[id], DELETE /api/todos/[id]',
    );
    expect((result.data as { framework: string }).framework).to.equal('next');

    const prettier = await prettierCheck(root, written);
    expect(prettier.code, prettier.output).to.equal(0);

    await db.exec('CREATE TABLE "todos" ("id" serial PRIMARY KEY, "title" text NOT NULL UNIQUE, "done" boolean NOT NULL DEFAULT false)');
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${db.name}`;
    const collection = await loadRoute(root, 'app/api/todos/route.ts');
    const item = await loadRoute(root, 'app/api/todos/[id]/route.ts');
    expect(pools, 'no pool before the first request').to.have.length(0);
    expect(Object.keys(collection).sort()).to.deep.equal(['GET', 'POST']);
    expect(Object.keys(item).sort()).to.deep.equal(['DELETE', 'GET', 'PATCH']);
    const base = 'http://localhost:3000/api/todos';

    const created = await collection.POST!(json('POST', base, { title: 'write docs' }));
    expect(created.status).to.equal(201);
    const todo = (await created.json()) as { id: number; title: string; done: boolean };
    expect(todo).to.deep.equal({ id: todo.id, title: 'write docs', done: false });

    const invalid = await collection.POST!(json('POST', base, { title: 3, extra: true }));
    expect(invalid.status).to.equal(400);
    const envelope = (await invalid.json()) as { error: { code: string; details: Array<{ path: string }> } };
    expect(envelope.error.code).to.equal('invalid_input');
    expect(envelope.error.details.map((d) => d.path).sort()).to.deep.equal(['/extra', '/title']);
    expect((await collection.POST!(json('POST', base, '{not json'))).status).to.equal(400);
    const duplicate = await collection.POST!(json('POST', base, { title: 'write docs' }));
    expect(duplicate.status).to.equal(409);
    expect(((await duplicate.json()) as { error: { code: string } }).error.code).to.equal('conflict');

    const listed = await collection.GET!(new Request(`${base}?limit=10`));
    expect(listed.status).to.equal(200);
    expect(await listed.json()).to.deep.equal([todo]);
    expect((await collection.GET!(new Request(`${base}?limit=ten`))).status).to.equal(400);

    const one = await item.GET!(new Request(`${base}/${todo.id}`), params(String(todo.id)));
    expect(await one.json()).to.deep.equal(todo);
    expect((await item.GET!(new Request(`${base}/abc`), params('abc'))).status).to.equal(400);
    const missing = await item.GET!(new Request(`${base}/999`), params('999'));
    expect(missing.status).to.equal(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).to.equal('not_found');

    const patched = await item.PATCH!(json('PATCH', `${base}/${todo.id}`, { done: true }), params(String(todo.id)));
    expect(await patched.json()).to.deep.equal({ ...todo, done: true });
    // One per bundled route module (each esbuild bundle holds its own copy of the instance module).
    expect(pools).to.have.length(2);
    const removed = await item.DELETE!(new Request(`${base}/${todo.id}`, { method: 'DELETE' }), params(String(todo.id)));
    expect(removed.status).to.equal(204);
    expect((await item.DELETE!(new Request(`${base}/${todo.id}`, { method: 'DELETE' }), params(String(todo.id)))).status).to.equal(404);
  });

  it('framework: next on a Fastify + sql.js project is refused: the handlers are written for pg', async () => {
    const root = await copyFixture('fastify-sqlite-nodetest');
    const refused = await generate(apiRoute, root, { resource: 'todo', fields: FIELDS, framework: 'next' }).then(
      () => null,
      (error: Error & { code?: string }) => error,
    );
    expect(refused?.code).to.equal('invalid_input');
    expect(refused?.message).to.match(/^database: Next\.js route handlers are written for PostgreSQL through pg/);
  });
});
