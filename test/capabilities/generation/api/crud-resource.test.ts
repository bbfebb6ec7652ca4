/**
 * generation.crud-resource on two real stacks, with the real checks on what it writes: tsc under the
 * fixture's tsconfig (the build before its tests), ESLint with the fixture's config, Prettier idempotence, and the
 * generated integration tests in the fixture's own runner — mocha against the real PostgreSQL
 * (127.0.0.1:5432, a schema per run) and node:test against SQLite (sql.js).
 */
import { expect } from 'chai';
import { isAgentdError } from '../../../../core/index.js';
import { run as crudResource } from '../../../../capabilities/generation/crud-resource.js';
import { copyFixture, EXPRESS_PG, FASTIFY_SQLITE, generate, lint, prettierCheck, removeCopies, runTests } from './fixture-project.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

describe('generation.crud-resource', function () {
  this.timeout(180_000);
  after(removeCopies);

  it('Express + pg + mocha: a todo resource with every field type compiles, lints, is Prettier-stable, mounts in src/app.ts, and its tests pass on PostgreSQL', async () => {
    const root = await copyFixture(EXPRESS_PG);
    const { result, written, diffs } = await generate(crudResource, root, {
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
    expect(written).to.have.members([
      'migrations/002_create_todos.sql',
      'src/services/service-errors.ts',
      'src/services/todo-service.ts',
      'src/http/api-error.ts',
      'src/http/request-checks.ts',
      'src/validation/todo-input.ts',
      'src/routes/todos.ts',
      'test/todos-api.test.ts',
      'src/app.ts',
    ]);
    expect(diffs.get('src/app.ts'))
      .to.include("+  app.use('/todos', todoRouter(new TodoService(pool)));")
      .and.include("+import { todoRouter } from './routes/todos.js';");
    expect(result.summary).to.include('Proposed mounting in src/app.ts').and.include('Not checked here');
    const ts = written.filter((f) => f.endsWith('.ts'));
    const checks = { eslint: await lint(root, ts), prettier: await prettierCheck(root, ts) };
    for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
    // runTests compiles with tsc under the fixture's strict tsconfig first: a type error fails it.
    const tests = await runTests(root, 'mocha', { DATABASE_URL });
    expect(tests.code, tests.output).to.equal(0);
    expect(tests.output)
      .to.match(/5 passing/)
      .and.include('answers 409 conflict for a duplicate title');
  });

  it('Fastify + sql.js + node:test (semicolon-free, tabs): a blog post resource with assumed fields passes the same checks on SQLite', async () => {
    const root = await copyFixture(FASTIFY_SQLITE);
    const { result, written, diffs } = await generate(crudResource, root, { resource: 'blog posts' });
    expect(result.summary).to.include('No fields were given: assumed title (string, required), body (text, required), publishedAt (date)');
    expect(written).to.include.members([
      'db/blog_posts.sql',
      'src/services/blog-post-service.ts',
      'src/routes/blog-posts.ts',
      'test/blog-posts-api.test.ts',
    ]);
    expect(diffs.get('src/app.ts')).to.include(
      "+\tapp.register(blogPostRoutes, { prefix: '/blog-posts', service: new BlogPostService(db) })",
    );
    const ts = written.filter((f) => f.endsWith('.ts'));
    const checks = { eslint: await lint(root, ts), prettier: await prettierCheck(root, ts) };
    for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
    const tests = await runTests(root, 'node:test');
    expect(tests.code, tests.output).to.equal(0);
    expect(tests.output)
      .to.match(/# pass 4\b/)
      .and.match(/# fail 0\b/);
  });

  it('refuses bad specs with invalid_input naming the field, and an existing file with other content with generation_refused', async () => {
    const root = await copyFixture(EXPRESS_PG);
    const cases: [unknown, RegExp][] = [
      [{ resource: 'todo', fields: [{ name: 'class', type: 'string' }] }, /^fields\.0\.name: "class" is a reserved word/],
      [{ resource: 'todo', fields: [{ name: 'id', type: 'int' }] }, /^fields\.0\.name: "id" is the generated primary key/],
      [
        {
          resource: 'todo',
          fields: [
            { name: 'dueAt', type: 'date' },
            { name: 'due_at', type: 'date' },
          ],
        },
        /^fields\.1\.name/,
      ],
      [{ resource: 'todo', fields: [{ name: 'count', type: 'int', default: 1.5 }] }, /^fields\.0\.default: 1\.5 is not a int/],
      [{ resource: '42', fields: [{ name: 'x', type: 'int' }] }, /^resource:/],
    ];
    for (const [input, message] of cases) {
      try {
        await generate(crudResource, root, input as never);
        expect.fail(`accepted ${JSON.stringify(input)}`);
      } catch (error) {
        expect(isAgentdError(error) && error.code, String(error)).to.equal('invalid_input');
        expect((error as Error).message).to.match(message);
      }
    }
    await generate(crudResource, root, { resource: 'todo', fields: [{ name: 'title', type: 'string', required: true }] });
    try {
      await generate(crudResource, root, { resource: 'todo', fields: [{ name: 'title', type: 'int', required: true }] });
      expect.fail('overwrote the generated files');
    } catch (error) {
      expect(isAgentdError(error) && error.code, String(error)).to.equal('generation_refused');
      expect((error as Error).message).to.include('src/services/todo-service.ts');
    }
  });
});
