/**
 * generation.crud-resource in projects with a validation library: the input checks it writes use the
 * project's zod (a z.strictObject schema and safeParse) or ajv (a JSON Schema compiled by ajv) and
 * keep the error envelope of the hand-written checks, so the same generated integration tests pass
 * against the real PostgreSQL (127.0.0.1:5432); compiled by the fixture's tsc, linted by its ESLint,
 * Prettier-stable. The fixture is the Express + pg + mocha one with the library added to package.json
 * (it resolves from agentd's node_modules: zod 4, ajv 8). For zod 3 the copy gets a node_modules of
 * its own whose zod is version 3: the real zod 3 API that zod 4's package ships as `zod/v3`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { run as crudResource } from '../../../../capabilities/generation/crud-resource.js';
import { installZod3 } from '../generated-project.js';
import { copyFixture, EXPRESS_PG, generate, lint, prettierCheck, removeCopies, runTests } from './fixture-project.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

const FIELDS = [
  { name: 'title', type: 'string', required: true, unique: true },
  { name: 'notes', type: 'text' },
  { name: 'done', type: 'boolean', required: true, default: false },
  { name: 'priority', type: 'int' },
  { name: 'estimate', type: 'number' },
  { name: 'dueAt', type: 'date' },
  { name: 'ownerId', type: 'uuid' },
] as const;

/** A copy of the Express + pg + mocha fixture whose package.json also depends on `library`. */
async function fixtureWith(library: string, version: string): Promise<string> {
  const root = await copyFixture(EXPRESS_PG);
  const file = path.join(root, 'package.json');
  const pkg = JSON.parse(await readFile(file, 'utf8')) as { dependencies: Record<string, string> };
  pkg.dependencies[library] = version;
  await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return root;
}

/** tsc (before the tests), the fixture's ESLint and Prettier on what was written, then its mocha tests against PostgreSQL. */
async function expectChecksPass(root: string, written: string[]): Promise<void> {
  const ts = written.filter((f) => f.endsWith('.ts'));
  const checks = { eslint: await lint(root, ts), prettier: await prettierCheck(root, ts) };
  for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
  const tests = await runTests(root, 'mocha', { DATABASE_URL });
  expect(tests.code, tests.output).to.equal(0);
  expect(tests.output)
    .to.match(/5 passing/)
    .and.include('refuses an invalid body with 400 and the error envelope')
    .and.include('answers 409 conflict for a duplicate title');
}

describe('generation.crud-resource with the project validation library', function () {
  this.timeout(180_000);
  after(removeCopies);

  it('zod 4: a z.strictObject schema per body checked with safeParse; compiles, lints, is Prettier-stable, and its tests pass on PostgreSQL', async () => {
    const root = await fixtureWith('zod', '^4.1.12');
    const { result, written } = await generate(crudResource, root, { resource: 'todo', fields: FIELDS.map((f) => ({ ...f })) });
    expect(written).to.include.members(['src/http/zod-body.ts', 'src/validation/todo-input.ts', 'src/http/request-checks.ts']);
    expect(result.summary).to.include('Input checks: zod 4 (the project depends on zod; package.json zod ^4.1.12).');
    const input = await readFile(path.join(root, 'src/validation/todo-input.ts'), 'utf8');
    expect(input)
      .to.include("import { z } from 'zod';")
      .and.include('export const todoCreateSchema = z.strictObject({')
      .and.include('title: z.string().max(255),')
      .and.include('priority: z.int().min(-2147483647).max(2147483647).nullable().optional(),')
      .and.include('ownerId: z.uuid().nullable().optional(),')
      .and.include('z.iso.datetime({ offset: true, local: true })')
      .and.include('export const todoUpdateSchema = todoCreateSchema.partial();');
    const body = await readFile(path.join(root, 'src/http/zod-body.ts'), 'utf8');
    expect(body).to.include('schema.safeParse(body)').and.include('S extends z.ZodType>');
    // No hand-written body rules left beside zod: request-checks keeps ids and paging only.
    const checks = await readFile(path.join(root, 'src/http/request-checks.ts'), 'utf8');
    expect(checks).to.include('export function parseId').and.not.include('FieldRules');
    await expectChecksPass(root, written);
  });

  it('zod 3: the zod 3 API (z.number().int(), z.string().uuid(), z.ZodTypeAny) against an installed zod 3; the same checks and tests pass', async () => {
    const root = await fixtureWith('zod', '^3.25.0');
    await installZod3(root);
    const { result, written } = await generate(crudResource, root, { resource: 'todo', fields: FIELDS.map((f) => ({ ...f })) });
    expect(result.summary).to.include('Input checks: zod 3 (the project depends on zod;');
    const input = await readFile(path.join(root, 'src/validation/todo-input.ts'), 'utf8');
    expect(input)
      .to.include('priority: z.number().int().min(-2147483647).max(2147483647).nullable().optional(),')
      .and.include('ownerId: z.string().uuid().nullable().optional(),')
      .and.include('estimate: z.number().finite().nullable().optional(),')
      .and.include('z.string().datetime({ offset: true, local: true })')
      .and.not.include('z.iso.')
      .and.not.include('z.uuid()');
    expect(await readFile(path.join(root, 'src/http/zod-body.ts'), 'utf8')).to.include('S extends z.ZodTypeAny>');
    await expectChecksPass(root, written);
  });

  it('ajv: JSON Schemas compiled by one shared Ajv; the same checks and tests pass', async () => {
    const root = await fixtureWith('ajv', '^8.20.0');
    const { result, written } = await generate(crudResource, root, { resource: 'todo', fields: FIELDS.map((f) => ({ ...f })) });
    expect(written).to.include.members(['src/http/ajv-body.ts', 'src/validation/todo-input.ts']);
    expect(result.summary).to.include('Input checks: ajv (the project depends on ajv)');
    const input = await readFile(path.join(root, 'src/validation/todo-input.ts'), 'utf8');
    expect(input)
      .to.include('ajv.compile<TodoCreate>(todoCreateSchema)')
      .and.include("required: ['title']")
      .and.include("type: ['integer', 'null']");
    expect(await readFile(path.join(root, 'src/http/ajv-body.ts'), 'utf8')).to.include("import { Ajv, type ValidateFunction } from 'ajv';");
    await expectChecksPass(root, written);
  });

  it('validation: "manual" overrides the detected zod with the hand-written checks', async () => {
    const root = await fixtureWith('zod', '^4.1.12');
    const { result, written } = await generate(crudResource, root, {
      resource: 'todo',
      fields: [{ name: 'title', type: 'string', required: true }],
      validation: 'manual',
    });
    expect(written).to.not.include('src/http/zod-body.ts');
    expect(result.summary).to.include('Input checks: hand-written (validation: "manual" was asked for).');
    const input = await readFile(path.join(root, 'src/validation/todo-input.ts'), 'utf8');
    expect(input).to.include("import { parseBody, type FieldRules } from '../http/request-checks.js';").and.not.include('zod');
  });
});
