/**
 * generation.types on both fixture stacks: from several JSON samples (merged unions, optional keys,
 * named item interfaces, dates, null) and from a JSON Schema ($defs, oneOf, enum, const, required,
 * additionalProperties, date-time); the output type-checks, passes the fixture's ESLint config and is
 * Prettier-clean; the declarations are asserted one by one.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import { run } from '../../../../capabilities/generation/types.js';
import { copyOf, eslint, generate, prettierCheck, removeCopies, tsc } from '../generated-project.js';

const samples = [
  {
    id: 1,
    name: 'Ada',
    createdAt: '2024-01-31T12:00:00Z',
    address: { city: 'London', zip: null },
    orders: [{ id: 'o1', total: 12.5 }],
    tags: ['a'],
  },
  { id: 2, name: null, createdAt: '2024-02-01T08:30:00Z', address: { city: 'Paris', zip: '75001' }, orders: [], tags: [], vip: true },
];

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['id', 'kind', 'owner'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    kind: { enum: ['cat', 'dog'] },
    version: { const: 2 },
    born: { type: 'string', format: 'date-time', description: 'When the pet was born.' },
    owner: { $ref: '#/$defs/owner' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    weight: { oneOf: [{ type: 'number' }, { type: 'null' }] },
  },
  $defs: {
    owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, pets: { type: 'array', items: { $ref: '#' } } } },
  },
};

describe('generation.types', function () {
  this.timeout(120_000);
  after(removeCopies);

  for (const fixture of ['zod-esm-semis', 'ajv-cjs-nosemi-tabs']) {
    it(`${fixture}: samples and a JSON Schema give clean, Prettier-stable declarations`, async () => {
      const root = await copyOf(fixture);
      const fromSamples = await generate(run, root, { name: 'Customer', samples });
      const fromSchema = await generate(run, root, { name: 'Pet', schema, dates: 'Date' });
      expect(fromSamples.files).to.deep.equal(['src/types/customer.ts']);
      expect(fromSchema.files).to.deep.equal(['src/types/pet.ts']);
      expect(fromSamples.result.data).to.deep.include({
        declarations: fixture === 'zod-esm-semis' ? ['Customer', 'CustomerAddress', 'CustomerOrder'] : ['Customer', 'Address', 'Order'],
      });
      expect(fromSchema.result.data).to.deep.include({ declarations: ['Pet', 'Owner'] });
      const files = [...fromSamples.files, ...fromSchema.files];
      const built = await tsc(root);
      expect(built.code, built.output).to.equal(0);
      expect((await eslint(root, files)).code).to.equal(0);
      const pretty = await prettierCheck(root, files);
      expect(pretty.code, pretty.output).to.equal(0);
      const customer = (await readFile(path.join(root, 'src/types/customer.ts'), 'utf8')).replace(/[;\t ]+/g, ' ');
      for (const line of [
        'name: string | null',
        'createdAt: string',
        'tags: string[]',
        'vip?: boolean',
        'zip: string | null',
        'total: number',
      ])
        expect(customer).to.include(line);
      expect(customer).to.include('ISO 8601 date-time');
      const pet = (await readFile(path.join(root, 'src/types/pet.ts'), 'utf8')).replace(/[;\t ]+/g, ' ');
      for (const line of [
        'kind: "cat" | "dog"',
        'version?: 2',
        'born?: Date',
        'owner: Owner',
        '[key: string]: string',
        'weight?: number | null',
        'pets?: Pet[]',
        'When the pet was born.',
      ])
        expect(pet.replace(/'/g, '"')).to.include(line);
    });
  }

  it('refuses silently overwriting a file, a lower-case name and input without a source', async () => {
    const root = await copyOf('zod-esm-semis');
    const { ctx } = await createLocalContext({ root });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => expect.fail('must refuse'),
        (e: { code: string }) => e.code,
      );
    expect(await refused(run({ name: 'Address', samples: [{ a: 1 }] }, ctx))).to.equal('invalid_input');
    expect(await refused(run({ name: 'Thing', samples: [{ a: 1 }], out: 'src/address.ts' }, ctx))).to.equal('generation_refused');
    expect(await refused(run({ name: 'customer', samples: [{ a: 1 }] }, ctx))).to.equal('invalid_input');
    expect(await refused(run({ name: 'Customer' }, ctx))).to.equal('invalid_input');
  });
});
