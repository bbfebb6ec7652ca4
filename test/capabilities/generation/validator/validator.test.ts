/**
 * generation.validator on two fixture stacks (zod + ESM + semicolons + node:test; ajv + CommonJS + tabs
 * + no semicolons + mocha): the generated validator and test file type-check under the fixture's
 * tsconfig, pass its ESLint config, are Prettier-clean, the generated tests pass in the fixture's
 * runner, and property tests (fast-check) prove it: values generated from the type pass, mutated
 * values (a required field removed, a wrongly typed field, an extra key on a closed type) fail.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import { run } from '../../../../capabilities/generation/validator.js';
import { reachable } from '../../../../capabilities/generation/types/model.js';
import { TypeReader } from '../../../../capabilities/generation/validator/read-type.js';
import {
  compiled,
  copyOf,
  eslint,
  generate,
  installZod3,
  mocha,
  nodeTest,
  prettierCheck,
  removeCopies,
  tsc,
} from '../generated-project.js';
import { arbitraryOf, mutate, mutationsOf } from './arbitraries.js';

async function modelOf(root: string, name: string) {
  const { ctx } = await createLocalContext({ root });
  const read = await new TypeReader(ctx, true).read(name, undefined);
  return reachable(read.declarations, name);
}

async function proveProperties(root: string, name: string, accepts: (v: unknown) => boolean): Promise<void> {
  const decls = await modelOf(root, name);
  const root0 = decls[0]!.type;
  const valid = arbitraryOf(root0, decls);
  fc.assert(
    fc.property(valid, (v) => accepts(v)),
    { seed: 21, numRuns: 200 },
  );
  const mutations = mutationsOf(root0, decls);
  expect(mutations.length).to.be.greaterThan(2);
  fc.assert(
    fc.property(valid, fc.constantFrom(...mutations), (v, m) => !accepts(mutate(v as Record<string, unknown>, m))),
    { seed: 21, numRuns: 300 },
  );
}

async function checks(root: string, files: string[]): Promise<void> {
  const built = await tsc(root, true);
  expect(built.code, built.output).to.equal(0);
  const lint = await eslint(root, files);
  expect(lint.code, lint.output).to.equal(0);
  const pretty = await prettierCheck(root, files);
  expect(pretty.code, pretty.output).to.equal(0);
}

describe('generation.validator', function () {
  this.timeout(180_000);
  after(removeCopies);

  it('zod on zod-esm-semis: Order (imports User, Address, Role) — checks, generated node:test tests, properties', async () => {
    const root = await copyOf('zod-esm-semis');
    const { result, files } = await generate(run, root, { name: 'Order', tests: true });
    expect(result.data).to.include({ library: 'zod', out: 'src/order.validator.ts', test: 'test/order.validator.test.ts' });
    expect(files).to.deep.equal(['src/order.validator.ts', 'test/order.validator.test.ts']);
    await checks(root, files);
    const tests = await nodeTest(root, [compiled(root, 'test/order.validator.test.ts')]);
    expect(tests.code, tests.output).to.equal(0);
    expect(tests.output).to.match(/# pass 4/);
    const mod = (await import(pathToFileURL(compiled(root, 'src/order.validator.ts')).href)) as {
      orderSchema: { safeParse(v: unknown): { success: boolean } };
    };
    await proveProperties(root, 'Order', (v) => mod.orderSchema.safeParse(v).success);
  });

  it('zod 3 on zod-esm-semis (a real zod 3 installed): open objects are z.object().passthrough(), not zod 4’s z.looseObject — tsc, ESLint, Prettier and the generated tests', async () => {
    const root = await copyOf('zod-esm-semis');
    await installZod3(root);
    const { result, files } = await generate(run, root, { name: 'Order', tests: true, closed: false });
    expect(result.data).to.include({ library: 'zod', zodMajor: 3 });
    expect(result.summary).to.include('a zod 3 validator of Order').and.include('installed zod 3.25.76');
    const text = await readFile(path.join(root, 'src/order.validator.ts'), 'utf8');
    expect(text).to.include('.passthrough()').and.not.include('z.looseObject');
    await checks(root, files);
    const tests = await nodeTest(root, [compiled(root, 'test/order.validator.test.ts')]);
    expect(tests.code, tests.output).to.equal(0);
    expect(tests.output).to.match(/# fail 0/);
  });

  for (const library of ['ajv', 'guard'] as const) {
    it(`${library} on ajv-cjs-nosemi-tabs: Inventory (union of object types, index signature, nullable) — checks, generated mocha tests, properties`, async () => {
      const root = await copyOf('ajv-cjs-nosemi-tabs');
      const { result, files } = await generate(run, root, { name: 'Inventory', tests: true, ...(library === 'guard' ? { library } : {}) });
      expect(result.data).to.include({ library, out: 'src/models/inventory.validator.ts', test: 'test/inventory.validator.test.ts' });
      await checks(root, files);
      const tests = await mocha(root, [compiled(root, 'test/inventory.validator.test.ts')]);
      expect(tests.code, tests.output).to.equal(0);
      expect(tests.output).to.match(/4 passing/);
      const mod = createRequire(import.meta.url)(compiled(root, 'src/models/inventory.validator.ts')) as {
        isInventory(v: unknown): boolean;
      };
      await proveProperties(root, 'Inventory', (v) => mod.isInventory(v));
    });
  }

  it('refuses what it cannot mirror and names that are not types, with invalid_input', async () => {
    const root = await copyOf('ajv-cjs-nosemi-tabs');
    const { ctx } = await createLocalContext({ root });
    await run({ name: 'Missing' }, ctx).then(
      () => expect.fail('must refuse'),
      (e: { code: string; message: string }) => {
        expect(e.code).to.equal('invalid_input');
        expect(e.message).to.include('no interface or type alias named Missing');
      },
    );
    await run({ name: 'product' }, ctx).then(
      () => expect.fail('must refuse'),
      (e: { code: string }) => expect(e.code).to.equal('invalid_input'),
    );
  });
});
