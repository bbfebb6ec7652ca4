/**
 * testing.fixtures on a real project (fixtures/testing/ts-models-project: ESM, strict with
 * noUncheckedIndexedAccess, exactOptionalPropertyTypes, noUnusedLocals and verbatimModuleSyntax, no
 * semicolons): the generated module type-checks under the project's own tsconfig (tsc run in the
 * temp copy), the compiled factories give the same values in two separate Node processes, overrides
 * win, the seed changes the values, mocks record calls; a CommonJS tab-indented project's tsc and
 * ESLint pass the module; the hint table names only known value kinds.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VALUE_KINDS } from '../../../capabilities/testing/fixtures/emit-factories.js';
import hints from '../../../capabilities/testing/fixtures/value-hints.json' with { type: 'json' };
import { fixturePath, testerOf } from '../support/sample-runs.js';
import { copyOf, removeCopies, repo, runDirect } from './project-copy.js';

const TSC = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
const ESLINT = path.join(repo, 'node_modules', 'eslint', 'bin', 'eslint.js');
const TYPES = ['User', 'Order', 'UserRepository', 'OrderPage', 'Category', 'Status', 'Role'];

/** Builds values with the compiled factories in a fresh Node process and prints them as JSON. */
const PRINT = `
import * as f from './dist/test/factories/user.factory.js'
const users = f.buildUserList(2)
const order = f.buildOrder({ total: 5, note: null })
const page = f.buildOrderPage()
const category = f.buildCategory()
const status = f.buildStatus()
const role = f.buildRole()
const repo = f.mockUserRepository()
const found = await repo.findById(7)
repo.count()
console.log(JSON.stringify({ users, order, page, category, status, role, found, calls: repo.calls }))
`;

const CONSTRUCTS_TSCONFIG =
  '{ "compilerOptions": { "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true, "noUnusedLocals": true, "verbatimModuleSyntax": true, "noEmit": true, "types": [], "skipLibCheck": true }, "include": ["src", "test"] }\n';

const CONSTRUCTS = [
  'export enum Level { Low, High }',
  "export enum Mode { 'read-only' = 'ro', Write = 'w' }",
  'export interface Timestamped<T> { createdAt: T; updatedAt: T }',
  'export interface Post extends Timestamped<string> {',
  '  readonly id: number',
  "  'content-type': string",
  '  tags: ReadonlyArray<string>',
  '  scores: readonly number[]',
  '  dates: Array<Date>',
  '  level: Level',
  '  mode: Mode',
  '  size: 1 | 2 | -3',
  '  value: string | number',
  '  pair: [string, number?]',
  '  meta: { [key: string]: number }',
  '  extra: unknown',
  '  nothing: null',
  '  big: bigint',
  '  author: Author',
  '  onClickDone?: boolean',
  '}',
  'export interface Author { name: string; posts: Post[]; best?: Post; nested: { deeper: { ok: boolean } } }',
  'export type Admin = Author & { level: number }',
  'export interface Widget { label: string; onClick: () => void; render?(): string; compute(x: number): Promise<number> }',
  'export interface Tree { value: number; left?: Tree; right: Tree | null; kids: Tree[] }',
  'export interface Headers { [name: string]: string; host: string }',
  'export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }',
  '',
].join('\n');

interface Printed {
  users: { id: number; email: string; createdAt: string; role: string; status: string; nickname?: string; address: object }[];
  order: { total: number; note: string | null; customer: { id: number }; lines: unknown[]; location: number[] };
  page: { items: unknown[] };
  category: object;
  found: { email: string };
  calls: unknown[];
}

async function generate(root: string, input: Record<string, unknown>): Promise<{ summary: string; data: Record<string, unknown> }> {
  const outcome = await testerOf('testing.fixtures').runInFolder(root, { input, apply: true });
  if (outcome.error) throw new Error(`${outcome.error.code}: ${outcome.error.cause ?? outcome.error.message}`);
  return outcome.result as { summary: string; data: Record<string, unknown> };
}

async function typecheckAndPrint(root: string): Promise<unknown> {
  const tsc = await runDirect(root, process.execPath, [TSC, '-p', 'tsconfig.json']);
  expect(tsc.stdout + tsc.stderr, 'tsc output').to.equal('');
  expect(tsc.code).to.equal(0);
  await writeFile(path.join(root, 'print.mjs'), PRINT);
  const ran = await runDirect(root, process.execPath, ['print.mjs']);
  expect(ran.stderr).to.equal('');
  return JSON.parse(ran.stdout);
}

describe('testing.fixtures on a TypeScript project', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('writes factories and a mock that pass the project tsc, build the same values in two processes, and let overrides win', async () => {
    const root = await copyOf('ts-models-project');
    const result = await generate(root, { types: TYPES, seed: 7 });
    expect(result.data.out).to.equal('test/factories/user.factory.ts');
    expect(result.summary).to.contain('Recursion stopped at Category.parent: null, Category.children: empty array');
    const text = await readFile(path.join(root, 'test/factories/user.factory.ts'), 'utf8');
    // The project's style (no semicolons) and module system (.js specifiers, type-only imports).
    expect(text).to.contain("import type { Address, Status, User } from '../../src/models/user.js'\n");
    expect(text).to.contain("import { Role } from '../../src/models/user.js'\n");
    expect(text).to.contain('const SEED = 7\n');
    expect(text).not.to.match(/;\n/);
    expect(text).not.to.match(/from '(?!\.)/);

    const first = (await typecheckAndPrint(root)) as Printed;
    const second = await typecheckAndPrint(root);
    expect(second).to.deep.equal(first);

    const [u1, u2] = first.users as [Printed['users'][0], Printed['users'][0]];
    expect(u1.id).to.equal(1);
    expect(u2.id).to.equal(2);
    expect(u1.email).to.equal('user1@example.com');
    expect(u1.createdAt).to.equal('2024-01-01T00:00:00.000Z');
    expect(['admin', 'member', 'guest']).to.include(u1.role);
    expect(['active', 'suspended', 'invited']).to.include(u1.status);
    expect(u1.nickname, 'optional properties are present').to.be.a('string');
    expect(u1.address).to.have.keys('street', 'city', 'zip');
    expect(first.order.total, 'override').to.equal(5);
    expect(first.order.note, 'override with null').to.equal(null);
    expect(first.order.customer.id).to.equal(3);
    expect(first.order.lines.length).to.be.within(1, 3);
    expect(first.order.location).to.have.length(2);
    expect(first.page.items.length).to.be.within(1, 3);
    expect(first.category).to.deep.include({ parent: null, children: [] });
    expect(first.found.email, "the mock's findById resolves a built User").to.match(/^user\d+@example\.com$/);
    expect(first.calls).to.deep.equal([
      { method: 'findById', args: [7] },
      { method: 'count', args: [] },
    ]);
  });

  it('the same seed writes the same module; another seed gives other values', async () => {
    const a = await copyOf('ts-models-project');
    const b = await copyOf('ts-models-project');
    const c = await copyOf('ts-models-project');
    await generate(a, { types: TYPES, seed: 7 });
    await generate(b, { types: TYPES, seed: 7 });
    await generate(c, { types: TYPES, seed: 8 });
    const read = (root: string): Promise<string> => readFile(path.join(root, 'test/factories/user.factory.ts'), 'utf8');
    expect(await read(b)).to.equal(await read(a));
    expect((await read(c)).replace('const SEED = 8', 'const SEED = 7').replace('; seed 8.', '; seed 7.')).to.equal(await read(a));
    const [valuesA, valuesC] = [await typecheckAndPrint(a), await typecheckAndPrint(c)];
    expect(valuesC).not.to.deep.equal(valuesA);
  });

  it('every exported type of a file: the buildable ones, the rest skipped with the reason', async () => {
    const root = await copyOf('ts-models-project');
    const result = await generate(root, { include: ['src/models/order.ts'] });
    expect(result.data.out).to.equal('test/factories/order.factory.ts');
    expect((result.data.types as { name: string }[]).map((t) => t.name)).to.deep.equal(['OrderLine', 'Order', 'OrderPage', 'Category']);
    expect(result.data.skipped).to.deep.equal([
      {
        type: 'Paged',
        reason:
          'it is generic (Paged<T>) and its type arguments are unknown; declare the instance you test with (`type MyPaged = Paged<...>`) and name that type',
      },
      { type: 'OnOrder', reason: 'it is a function type: there is no data to build (an interface with methods gets a mock)' },
    ]);
    const tsc = await runDirect(root, process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit']);
    expect(tsc.stdout + tsc.stderr).to.equal('');
  });

  it("a CommonJS, tab-indented, semicolon-free project: every exported type of src/, passing the project's own tsc and ESLint", async () => {
    const outcome = await testerOf('testing.fixtures').runCase({
      fixture: fixturePath('generation', 'ajv-cjs-nosemi-tabs'),
      nodeModules: path.join(repo, 'node_modules'),
      input: { include: ['src/**'] },
      apply: true,
      check: async ({ root }) => {
        const text = await readFile(path.join(root, 'test/factories/fixtures.factory.ts'), 'utf8');
        expect(text).to.contain('import type { Inventory, StockEvent } from "../../src/models/inventory"\n');
        // An array of inline objects: the arrow's object literal in parentheses.
        expect(text).to.contain('\t\tevents: many(() => ({\n\t\t\tkind: "received",');
        const tsc = await runDirect(root, process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit']);
        expect(tsc.stdout + tsc.stderr).to.equal('');
        const eslint = await runDirect(root, process.execPath, [ESLINT, 'test/factories/fixtures.factory.ts']);
        expect(eslint.stdout + eslint.stderr).to.equal('');
        expect(eslint.code).to.equal(0);
      },
    });
    expect(outcome.error).to.equal(undefined);
  });

  it('the constructs it models (enums, extends of a generic instance, quoted keys, readonly arrays, tuples, index signatures, intersections, bigint, mutual and self recursion, methods) type-check', async () => {
    const outcome = await testerOf('testing.fixtures').runCase({
      files: {
        'package.json': '{ "name": "constructs", "type": "module" }\n',
        'tsconfig.json': CONSTRUCTS_TSCONFIG,
        'src/all.ts': CONSTRUCTS,
      },
      input: { include: ['src/**'] },
      apply: true,
      check: async ({ root, result }) => {
        expect(result!.summary).to.contain(
          'Recursion stopped at Author.posts: empty array, Author.best: left out (optional), Tree.left: left out (optional), Tree.right: null, Tree.kids: empty array.',
        );
        expect((result!.data as { skipped: { type: string }[] }).skipped.map((s) => s.type)).to.deep.equal(['Timestamped']);
        const text = await readFile(path.join(root, 'test/factories/all.factory.ts'), 'utf8');
        expect(text).to.contain("mode: pick([Mode['read-only'], Mode.Write]),");
        expect(text).to.contain('pair: [pick(WORDS), int(1, 1000)],');
        expect(text).to.contain("calls.push({ method: 'compute', args })\n      return Promise.resolve(int(1, 1000))");
        const tsc = await runDirect(root, process.execPath, [TSC, '-p', 'tsconfig.json']);
        expect(tsc.stdout + tsc.stderr).to.equal('');
      },
    });
    expect(outcome.error).to.equal(undefined);
  });

  it('value-hints.json: every rule names a known value kind and a valid pattern', () => {
    for (const rule of hints.rules) {
      expect(VALUE_KINDS, rule.pattern).to.include(rule.value);
      expect(() => new RegExp(rule.pattern, (rule as { flags?: string }).flags ?? '')).not.to.throw();
      for (const shape of rule.shapes) expect(['string', 'number']).to.include(shape);
    }
  });
});
