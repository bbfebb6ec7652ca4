/**
 * generation.service and generation.api-route on their own: a service first, then routes calling it
 * (only the asked methods), type-checked and linted with the fixture's config; mounting left to the
 * user when asked; refusals when the project has no driver or framework they write for.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { isAgentdError } from '../../../../core/index.js';
import { run as apiRoute } from '../../../../capabilities/generation/api-route.js';
import { run as service } from '../../../../capabilities/generation/service.js';
import { copyFixture, EXPRESS_PG, FASTIFY_SQLITE, generate, lint, removeCopies, typecheck } from './fixture-project.js';

async function expectInvalid(promise: Promise<unknown>, message: RegExp): Promise<void> {
  try {
    await promise;
    expect.fail('accepted');
  } catch (error) {
    expect(isAgentdError(error) && error.code, String(error)).to.equal('invalid_input');
    expect((error as Error).message).to.match(message);
  }
}

describe('generation.service and generation.api-route', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('a sql.js service, then Fastify routes for list and get calling it: type-checks and lints under the fixture config', async () => {
    const root = await copyFixture(FASTIFY_SQLITE);
    const fields = [
      { name: 'sku', type: 'string' as const, required: true, unique: true },
      { name: 'price', type: 'number' as const, required: true },
      { name: 'inStock', type: 'boolean' as const },
    ];
    const first = await generate(service, root, { resource: 'product', fields });
    expect(first.written).to.deep.equal(['src/services/service-errors.ts', 'src/services/product-service.ts']);
    expect(first.result.summary).to.include('ProductService on table products (sqlite, sql.js)');
    const second = await generate(apiRoute, root, { resource: 'product', fields, methods: ['list', 'get'] });
    expect(second.result.summary)
      .to.include('fastify routes GET /products, GET /products/:id')
      .and.include('calling the existing src/services/product-service.ts');
    expect(second.written).to.not.include('src/services/product-service.ts');
    const routes = second.written.find((f) => f === 'src/routes/products.ts');
    expect(routes).to.not.equal(undefined);
    const ts = [...first.written, ...second.written].filter((f) => f.endsWith('.ts'));
    const checks = { tsc: await typecheck(root), eslint: await lint(root, ts) };
    for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
  });

  it("takes the planner's spellings (a service name, HTTP verbs, optional: false); mount: false leaves the app file alone and says which line to add where", async () => {
    const root = await copyFixture(EXPRESS_PG);
    const fields = [{ name: 'total', type: 'number' as const, optional: false }];
    const first = await generate(service, root, { name: 'OrderService', fields });
    expect(first.written).to.include('src/services/order-service.ts');
    expect(first.result.summary).to.include('OrderService on table orders (postgres, pg)');
    const { result, written } = await generate(apiRoute, root, { resource: 'order', fields, methods: ['GET', 'DELETE'], mount: false });
    expect(written).to.not.include('src/app.ts');
    expect(result.summary)
      .to.include('express routes GET /orders, GET /orders/:id, DELETE /orders/:id')
      .and.include('calling the existing src/services/order-service.ts');
    expect(result.summary).to.include(
      "Not mounted (mount: false): add app.use('/orders', orderRouter(new OrderService(pool))); to src/app.ts.",
    );
    expect((result.data as { mount: { mounted: boolean } }).mount.mounted).to.equal(false);
    // No route takes a body (GET, DELETE): no body parsers, which nothing would import.
    expect(written).to.not.include('src/validation/order-input.ts');
  });

  it('refuses a project without pg/sql.js or without Express/Fastify with invalid_input naming the field', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-gen-api-bare-'));
    try {
      await writeFile(
        path.join(root, 'package.json'),
        JSON.stringify({ name: 'bare', type: 'module', dependencies: { express: '^5.0.0' } }),
      );
      await expectInvalid(
        generate(service, root, { resource: 'note', fields: [{ name: 'body', type: 'text' }] }),
        /^database: the project depends on no SQL driver/,
      );
      await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'bare', type: 'module', dependencies: { pg: '^8.0.0' } }));
      await expectInvalid(
        generate(apiRoute, root, { resource: 'note', fields: [{ name: 'body', type: 'text' }] }),
        /^framework: the project uses neither Express nor Fastify/,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
