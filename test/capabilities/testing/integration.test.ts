/**
 * testing.integration on the fixtures: the generated HTTP tests are staged in the project's runner and
 * module system, pass in the project's own runner run directly three times, assert real behaviour (a
 * route answering differently makes them fail), and cover what the routes check (a zod or JSON-schema
 * body, a malformed id). Express + ESM + mocha, and Fastify + CommonJS + node:test.
 */
import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import type { StagedEntry, StepResult } from '../../../core/index.js';
import { run } from '../../../capabilities/testing/integration.js';
import { copyOf, removeCopies, repo, runDirect } from './project-copy.js';

const mocha = path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function generate(root: string, input: Record<string, unknown> = {}): Promise<{ result: StepResult; staged: StagedEntry[] }> {
  const handle = await createLocalContext({ root, permissions: { projectCode: true }, limits: { maxToolCalls: 1000 } });
  const result = await run(input, handle.ctx);
  return { result, staged: handle.staged() };
}

async function writeStaged(root: string, staged: StagedEntry[]): Promise<void> {
  for (const entry of staged) {
    await mkdir(path.dirname(path.join(root, entry.path)), { recursive: true });
    await writeFile(path.join(root, entry.path), entry.content ?? '');
  }
}

describe('capabilities/testing/integration', function () {
  this.timeout(240_000);
  after(removeCopies);

  it('Express (ESM, mocha): tests that pass in mocha run directly three times and fail when a route changes', async () => {
    const root = await copyOf('express-api');
    const { result, staged } = await generate(root);
    expect(staged.map((s) => s.path)).to.deep.equal(['test/app.http.generated.test.js']);
    expect(result.summary).to.match(
      /^Generated 10 HTTP test\(s\) for 7 of 7 route\(s\) of src\/app\.js in test\/app\.http\.generated\.test\.js for mocha; every one passed 3 runs/,
    );
    const data = result.data as { routes: { route: string; tests: number; body: string | null }[]; skipped: unknown[] };
    expect(data.routes.find((r) => r.route === 'POST /todos')).to.deep.include({ tests: 2, body: 'zod' });
    expect(data.routes.find((r) => r.route === 'PATCH /todos/:id')).to.deep.include({ tests: 2, body: 'checks' });
    expect(data.skipped).to.deep.equal([]);
    const source = staged[0]!.content!;
    // The zod schema's constraints gave the valid body; leaving its required fields out gave the refusal.
    expect(source).to.include("body: JSON.stringify({ title: 'example', priority: 1, done: true }),");
    expect(source).to.include("message: 'title (1-200 characters) and priority (1-5) are required.',");
    expect(source).to.include("assert.equal(res.headers.get('cache-control'), 'no-store');");
    expect(source.match(/\bit\(/g)!.length).to.equal(10);
    await writeStaged(root, staged);
    for (let i = 0; i < 3; i += 1) {
      const ran = await runDirect(root, process.execPath, [mocha, 'test/**/*.test.js']);
      expect(ran.code, ran.stdout + ran.stderr).to.equal(0);
      expect(ran.stdout).to.match(/11 passing/);
    }
    // A route answering differently makes them fail: they assert what the app does.
    const todos = path.join(root, 'src', 'routes', 'todos.js');
    await writeFile(todos, (await readFile(todos, 'utf8')).replace('res.status(201)', 'res.status(200)'));
    const broken = await runDirect(root, process.execPath, [mocha, 'test/app.http.generated.test.js']);
    expect(broken.code).to.not.equal(0);
    expect(broken.stdout).to.include('POST /todos with a valid body answers 201');
  });

  it('Fastify (CommonJS, node:test): a factory export, a plugin under its prefix, the JSON-schema body and its refusal', async () => {
    const root = await copyOf('fastify-api');
    const { result, staged } = await generate(root);
    expect(staged.map((s) => s.path)).to.deep.equal(['test/app.http.generated.test.js']);
    expect((result.data as { runner: string }).runner).to.equal('node:test');
    const source = staged[0]!.content!;
    expect(source).to.include("const { describe, it, before, after } = require('node:test');");
    expect(source).to.include("const { buildApp } = require('../lib/app.js');");
    expect(source).to.include('server = await buildApp();');
    expect(source).to.include("it('POST /notes with a valid body answers 201'");
    expect(source).to.include('message: "body must have required property \'text\'",');
    expect(source).to.include("it('GET /notes/1 answers 200'");
    await writeStaged(root, staged);
    for (let i = 0; i < 3; i += 1) {
      const ran = await runDirect(root, process.execPath, ['--test', 'test/']);
      expect(ran.code, ran.stdout + ran.stderr).to.equal(0);
      expect(ran.stdout).to.match(/# pass 6/);
    }
  });

  it("routes an earlier step staged (not on disk yet) are observed and tested: the app runs in a copy with the job's changes", async () => {
    const root = await copyOf('express-api');
    const handle = await createLocalContext({ root, permissions: { projectCode: true }, limits: { maxToolCalls: 1000 } });
    const app = await readFile(path.join(root, 'src', 'app.js'), 'utf8');
    await handle.ctx.workspace.write(
      'src/app.js',
      app.replace(
        "app.use('/todos', todosRouter);",
        "app.get('/version', (req, res) => {\n  res.json({ version: '1.2.3' });\n});\n\napp.use('/todos', todosRouter);",
      ),
    );
    const result = await run({ include: ['src/app.js'] }, handle.ctx);
    const generated = handle.staged().find((s) => s.path === 'test/app.http.generated.test.js')!;
    expect((result.data as { tests: { title: string }[] }).tests.map((t) => t.title)).to.include('GET /version answers 200');
    expect(generated.content).to.include("assert.deepStrictEqual(await res.json(), { version: '1.2.3' });");
  });

  it('an include narrows the tests to the routes declared there', async () => {
    const root = await copyOf('express-api');
    const { result } = await generate(root, { include: ['src/app.js'] });
    const data = result.data as { tests: { route: string }[] };
    expect([...new Set(data.tests.map((t) => t.route))]).to.deep.equal(['GET /health', 'GET /slug/:text']);
  });
});
