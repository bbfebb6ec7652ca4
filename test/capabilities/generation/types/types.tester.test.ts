/** generation.types's tester suite: interfaces inferred from merged samples in the project's style; refusals (a reserved word, a name another file exports, a non-TypeScript out); input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';

const PROJECT = {
  'package.json': '{ "name": "sample", "type": "module" }\n',
  '.prettierrc': '{ "semi": false }\n',
  'src/a.ts': 'export const a = 1\n',
};
const FIELDS = [{ name: 'id', type: 'number' }];

describe('capabilities/generation/types cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.types' }).run({
    invalid: [
      {
        name: 'two samples merged (a key missing in one is optional), a nested type named from its key, no semicolons',
        files: PROJECT,
        input: {
          name: 'User',
          samples: [
            { id: 1, name: 'Ann', address: { city: 'Oslo' } },
            { id: 2, name: 'Bo', email: 'bo@example.com' },
          ],
        },
        changes: {
          'src/types/user.ts': {
            contains: [
              'export interface User {\n  id: number\n  name: string\n  address?: Address\n  email?: string\n}',
              'export interface Address {\n  city: string\n}',
            ],
            notContains: ';',
          },
        },
      },
      {
        name: 'a reserved word',
        files: PROJECT,
        input: { name: 'class', fields: FIELDS },
        error: { code: 'invalid_input', message: 'name: "class" is a reserved word' },
      },
      {
        name: 'a name another file exports',
        files: { ...PROJECT, 'src/models.ts': 'export interface User { id: number }\n' },
        input: { name: 'User', fields: FIELDS },
        error: { code: 'invalid_input', message: 'User is already exported by src/models.ts' },
      },
      {
        name: 'an out path that is not TypeScript',
        files: PROJECT,
        input: { name: 'User', fields: FIELDS, out: 'src/types/user.js' },
        error: { code: 'invalid_input', message: 'out: src/types/user.js is not a TypeScript file' },
      },
    ],
    inputErrors: [
      { name: 'no name', input: { fields: FIELDS }, message: "must have required property 'name'" },
      {
        name: 'a field without a type',
        input: { name: 'User', fields: [{ name: 'id' }] },
        message: "/fields/0/type must have required property 'type'",
      },
      {
        name: 'an unknown dates mode',
        input: { name: 'User', dates: 'number' },
        message: '/dates must be equal to one of the allowed values',
      },
    ],
  });
});
