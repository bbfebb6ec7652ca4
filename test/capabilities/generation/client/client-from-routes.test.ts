/**
 * generation.client with fromRoutes: the client is generated from the routes the project's own code
 * declares (fixtures/documentation/rest-api: an Express and a Fastify app, no OpenAPI file), compiled
 * with tsc (strict, clean), and called against both apps started on ephemeral ports.
 */
import { expect } from 'chai';
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from '../../../../capabilities/generation/client.js';
import { compiled, generate, repo, tsc } from '../generated-project.js';

type Call = (...args: unknown[]) => Promise<unknown>;
interface Listening {
  close(): Promise<void> | void;
  url: string;
}

describe("generation.client from the project's own routes", function () {
  this.timeout(120_000);
  let root: string;
  let result: Awaited<ReturnType<typeof generate>>['result'];
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-client-routes-'));
    await cp(path.join(repo, 'fixtures', 'documentation', 'rest-api'), root, { recursive: true });
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const generated = await generate(run, root, { fromRoutes: true, name: 'ShopClient', out: 'src/api/shop-client.ts' });
    expect(generated.files).to.deep.equal(['src/api/shop-client.ts']);
    result = generated.result;
    // The fixture is JavaScript: a strict tsconfig for the generated TypeScript only.
    const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true };
    await writeFile(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...compilerOptions, outDir: 'dist', rootDir: '.', types: [] }, include: ['src/api'] }),
    );
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('has one method per route found, named from method and path, and says where the document came from', () => {
    const data = result.data as { operations: { name: string; method: string; path: string }[] };
    expect(data.operations.map((o) => `${o.name} ${o.method} ${o.path}`).sort()).to.deep.equal([
      'deleteBooksByIdStock DELETE /books/${encodeURIComponent(String(params.id))}/stock',
      'deleteNotesById DELETE /notes/${encodeURIComponent(String(params.id))}',
      'getBooks GET /books',
      'getBooksById GET /books/${encodeURIComponent(String(params.id))}',
      'getHealth GET /health',
      'getNotes GET /notes',
      'getPing GET /ping',
      'postBooks POST /books',
      'postNotes POST /notes',
      'putBooksByIdStock PUT /books/${encodeURIComponent(String(params.id))}/stock',
    ]);
    expect(result.summary).to.include("from the project's own routes (10 in 4 module(s))");
  });

  it('type-checks (strict) and calls the real Express and Fastify apps', async () => {
    const built = await tsc(root, true);
    expect(built.code, built.output).to.equal(0);
    const { ShopClient, ShopError } = (await import(pathToFileURL(compiled(root, 'src/api/shop-client.ts')).href)) as {
      ShopClient: new (url: string) => Record<string, Call>;
      ShopError: new (...a: never[]) => Error & { status: number };
    };
    const { app } = (await import(pathToFileURL(path.join(root, 'src/express-app.js')).href)) as {
      app: { listen(port: number, host: string, cb: () => void): { address(): AddressInfo; close(cb: () => void): void } };
    };
    const express = await new Promise<Listening>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () =>
        resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise<void>((done) => server.close(() => done())) }),
      );
    });
    const { buildServer } = (await import(pathToFileURL(path.join(root, 'src/fastify-app.js')).href)) as {
      buildServer(): { listen(o: { port: number; host: string }): Promise<string>; close(): Promise<void> };
    };
    const fastifyApp = buildServer();
    const fastify: Listening = { url: await fastifyApp.listen({ port: 0, host: '127.0.0.1' }), close: () => fastifyApp.close() };
    try {
      const shop = new ShopClient(express.url);
      expect(await shop.getHealth!()).to.deep.equal({ ok: true });
      const book = (await shop.postBooks!({ title: 'Dune', format: 'paperback', year: 1965 })) as { id: number };
      expect(book).to.deep.equal({ id: 1, title: 'Dune', format: 'paperback', year: 1965 });
      expect(await shop.getBooks!({ q: 'Du' })).to.deep.equal([book]);
      expect(await shop.getBooksById!({ id: 1 })).to.deep.equal(book);
      const missing = await shop.getBooksById!({ id: 99 }).catch((e: unknown) => e);
      expect(missing).to.be.instanceOf(ShopError);
      expect((missing as { status: number }).status).to.equal(404);
      expect(await shop.deleteBooksByIdStock!({ id: 1 })).to.equal(undefined);
      const notes = new ShopClient(fastify.url);
      const note = await notes.postNotes!({ text: 'hello', tag: 'a' });
      expect(note).to.deep.equal({ id: 1, text: 'hello', tag: 'a' });
      expect(await notes.getNotes!({ tag: 'a' })).to.deep.equal([note]);
      expect(await notes.deleteNotesById!({ id: 1 })).to.equal(undefined);
      expect(await notes.getNotes!()).to.deep.equal([]);
    } finally {
      await express.close();
      await fastify.close();
    }
  });
});
