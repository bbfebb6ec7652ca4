/** generation.validator's tester suite: a zod schema beside the declared type (the sample's library and style), a guard when there is no library; refusals (an unknown type, an existing file) and the proposed diff; input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

// src/address.ts declares Address { street; city; zip? }; zod dependency, ESM (.js imports), semicolons, single quotes.
const ZOD = fixturePath('generation', 'zod-esm-semis');
const ZOD_ADDRESS = [
  "import { z } from 'zod';\n",
  "import type { Address } from './address.js';\n",
  'export const addressSchema: z.ZodType<Address> = z.strictObject({',
  '  zip: z.string().optional(),',
];

describe('capabilities/generation/validator cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.validator' }).run({
    invalid: [
      {
        name: 'a zod schema of the sample interface, closed, beside it',
        fixture: ZOD,
        input: { name: 'Address' },
        changes: { 'src/address.validator.ts': { contains: ZOD_ADDRESS } },
      },
      {
        name: 'no validation library: a hand-written guard in the project style (no semicolons)',
        files: {
          'package.json': '{ "name": "sample", "type": "module" }\n',
          '.prettierrc': '{ "semi": false }\n',
          'src/point.ts': 'export interface Point {\n  x: number\n  label?: string\n}\n',
        },
        input: { name: 'Point' },
        changes: {
          'src/point.validator.ts': {
            contains: [
              'export function isPoint(value: unknown): value is Point {',
              'typeof value["x"] === "number"',
              '(value["label"] === undefined || typeof value["label"] === "string")',
            ],
            notContains: [';\n', 'zod', 'ajv'],
          },
        },
      },
      {
        name: 'a type the project does not declare',
        fixture: ZOD,
        input: { name: 'Adress' },
        error: { code: 'invalid_input', message: 'no interface or type alias named Adress' },
      },
      {
        name: 'an existing validator file with other content is refused',
        fixture: ZOD,
        files: { 'src/address.validator.ts': 'export {};\n' },
        input: { name: 'Address' },
        error: { code: 'generation_refused', message: 'src/address.validator.ts already exists with other content' },
      },
      {
        name: '... or proposed as a diff with onExisting: "propose"',
        fixture: ZOD,
        files: { 'src/address.validator.ts': 'export {};\n' },
        input: { name: 'Address', onExisting: 'propose' },
        changes: { 'src/address.validator.ts': { diffContains: ['-export {};', "+import { z } from 'zod';"] } },
      },
    ],
    inputErrors: [
      { name: 'no name', input: { library: 'zod' }, message: "must have required property 'name'" },
      {
        name: 'an unknown library',
        input: { name: 'Address', library: 'yup' },
        message: '/library must be equal to one of the allowed values',
      },
    ],
  });
});
