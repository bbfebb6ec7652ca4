/**
 * The build workflow of issue 21 over REST, end to end: "build a REST API for a todo list with
 * PostgreSQL" on a copy of the Express + pg + mocha fixture (agentd's node_modules linked in, the
 * workspace trusted to run project code, the sandbox reaching the real PostgreSQL at 127.0.0.1:5432
 * with DATABASE_URL naming the `test` database) plans structure -> CRUD resource (its own integration
 * tests) -> docs -> examples -> verify, runs every step, and succeeds; the verify step ran the
 * project's `npm test` with the generated tests in it and they passed; approved, the written project
 * type-checks, lints, is Prettier-clean and its tests pass again. On the Next.js app-router fixture,
 * "… in Next.js" plans the same with route handlers and the generated Vitest test, and succeeds too.
 */
import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { startTestDaemon, type TestDaemon } from '../../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../../daemon/support/http-client.js';
import { lint, prettierCheck, repo, runTests, typecheck } from './fixture-project.js';

export const TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A daemon on a copy of `fixture` (agentd's node_modules linked in) that trusts the project with its own
 * code and lets that code reach the test PostgreSQL (security.sandboxServices / sandboxEnv).
 */
async function startBuildDaemon(fixture: string): Promise<TestDaemon> {
  const daemon = await startTestDaemon({
    fixture,
    configure: (config) => {
      config.security.trustedWorkspaces = ['project'];
      config.security.sandboxServices = ['127.0.0.1:5432'];
      config.security.sandboxEnv = { DATABASE_URL: TEST_DATABASE_URL };
    },
  });
  await symlink(path.join(repo, 'node_modules'), path.join(daemon.workspace, 'project', 'node_modules'), 'dir');
  return daemon;
}

describe('the build workflow over REST: a REST API for a todo list with PostgreSQL', function () {
  this.timeout(300_000);
  let t: TestDaemon;
  before(async () => {
    t = await startBuildDaemon('generation/express-pg-mocha');
  });
  after(async () => {
    await t?.close();
  });

  it('plans structure -> crud-resource -> docs -> examples -> verify, runs every step, and succeeds with the generated tests passing on PostgreSQL', async () => {
    const id = (await post(t.url, '/jobs', { task: 'build a REST API for a todo list with PostgreSQL', workspace: 'project' })).body.id;
    const waiting = await waitForStatus(t.url, id, ['awaiting_approval', 'failed', 'succeeded', 'incomplete'], 240_000);
    expect(waiting.status, JSON.stringify(waiting.error)).to.equal('awaiting_approval');
    expect(waiting.plan!.steps.map((s) => [s.capability, s.available])).to.deep.equal([
      ['analysis.structure', true],
      ['generation.crud-resource', true],
      ['documentation.api', true],
      ['documentation.examples', true],
      ['refactoring.verify', true],
    ]);
    expect(waiting.plan!.steps[1]!.input).to.include({ resource: 'todo', framework: 'express' });
    // crud-resource writes its own integration tests: no second testing step, and the plan says why.
    expect(waiting.plan!.notes.join(' ')).to.include(
      "CRUD resource todo comes with its own tests; the project's test run after it runs them.",
    );
    // Everything before the verify step ran; verify runs once the changes are approved.
    expect(waiting.steps.map((s) => [s.capability, s.status])).to.deep.equal([
      ['analysis.structure', 'succeeded'],
      ['generation.crud-resource', 'succeeded'],
      ['documentation.api', 'succeeded'],
      ['documentation.examples', 'succeeded'],
      ['refactoring.verify', 'pending'],
    ]);
    const [, crud, api, examples] = waiting.steps;
    expect(crud!.summary).to.include('Integration tests in test/todos-api.test.ts (mocha;');
    // The docs steps document the generated part (its name in the symbols and files), not nothing.
    expect(api!.summary).to.match(/^Wrote docs\/api\.md: [1-9]\d* symbol\(s\)/);
    expect(examples!.summary).to.match(/^Created docs\/examples\.md: [1-9]\d* export\(s\)/);
    expect(examples!.summary).to.include('TodoService');
    // What `v` shows: every file of the plan, staged, nothing on disk yet.
    expect(waiting.result!.changes.map((c) => [c.path, c.action])).to.deep.include.members([
      ['migrations/002_create_todos.sql', 'create'],
      ['src/services/todo-service.ts', 'create'],
      ['src/routes/todos.ts', 'create'],
      ['test/todos-api.test.ts', 'create'],
      ['src/app.ts', 'modify'],
      ['docs/api.md', 'create'],
      ['docs/examples.md', 'create'],
    ]);

    expect((await post(t.url, `/jobs/${id}/followup`, { action: 'approve' })).status).to.equal(202);
    const done = await waitForStatus(t.url, id, ['succeeded', 'failed', 'incomplete'], 240_000);
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    const verify = done.steps.find((s) => s.capability === 'refactoring.verify')!;
    expect(verify.status).to.equal('succeeded');
    // The project's own test command ran (its tsc first), with the generated tests in it, and they passed.
    expect(verify.summary).to.match(
      /tests \(mocha --exit 'dist\/test\/\*\*\/\*\.test\.js' after tsc -p tsconfig\.json from the "test" script/,
    );
    const counts = /(\d+) of (\d+) test\(s\) pass, none that passed before fails; (\d+) new with the changes, all passing/.exec(
      verify.summary!,
    );
    expect(counts, verify.summary!).to.not.equal(null);
    expect(Number(counts![1])).to.equal(Number(counts![2]));
    expect(Number(counts![3])).to.be.at.least(2);
    expect(verify.summary).to.not.match(/Not run:/);

    // The written project: tsc under its strict tsconfig, its ESLint config, Prettier, and its tests on the real PostgreSQL.
    const project = path.join(t.workspace, 'project');
    const code = ['src/app.ts', 'src/routes/todos.ts', 'src/services/todo-service.ts', 'test/todos-api.test.ts'];
    const checked = await typecheck(project);
    expect(checked.code, checked.output).to.equal(0);
    const linted = await lint(project, code);
    expect(linted.code, linted.output).to.equal(0);
    const formatted = await prettierCheck(project, [...code, 'docs/api.md', 'docs/examples.md']);
    expect(formatted.code, formatted.output).to.equal(0);
    const tests = await runTests(project, 'mocha', { DATABASE_URL: TEST_DATABASE_URL });
    expect(tests.code, tests.output).to.equal(0);
    expect(tests.output).to.match(/\/todos API/);
    expect(tests.output).to.not.match(/failing/);
  });
});

describe('the build workflow over REST on the Next.js app-router fixture: "… with PostgreSQL in Next.js"', function () {
  this.timeout(300_000);
  let t: TestDaemon;
  before(async () => {
    t = await startBuildDaemon('generation/next-app-pg');
  });
  after(async () => {
    await t?.close();
  });

  it('plans the crud-resource as route handlers (framework next), and ends succeeded with its Vitest tests passing on PostgreSQL', async () => {
    const task = 'build a REST API for a todo list with PostgreSQL in Next.js';
    const id = (await post(t.url, '/jobs', { task, workspace: 'project', mode: 'auto' })).body.id;
    const done = await waitForStatus(t.url, id, ['failed', 'succeeded', 'incomplete'], 240_000);
    expect(done.plan!.steps.map((s) => s.capability)).to.deep.equal([
      'analysis.structure',
      'generation.crud-resource',
      'documentation.api',
      'documentation.examples',
      'refactoring.verify',
    ]);
    expect(done.plan!.steps[1]!.input).to.include({ resource: 'todo', framework: 'next' });
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    const verify = done.steps.find((s) => s.capability === 'refactoring.verify')!;
    expect(verify.summary).to.match(/\d+ new with the changes, all passing/);
    const project = path.join(t.workspace, 'project');
    for (const file of ['app/api/todos/route.ts', 'app/api/todos/[id]/route.ts', '__tests__/todos-api.test.ts'])
      expect(existsSync(path.join(project, file)), file).to.equal(true);
    const checked = await typecheck(project);
    expect(checked.code, checked.output).to.equal(0);
  });
});
