/** generation.client's tester suite: a fetch client from a small OpenAPI document in the project's style; refusals (no document, a reserved class name, a type another file exports); input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';

const PET = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Pets API', version: '1' },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
  },
  components: { schemas: { Pet: PET } },
};
// The sample's code has no semicolons; the one OpenAPI file is found without `spec`.
const PROJECT = {
  'package.json': '{ "name": "sample", "type": "module" }\n',
  'src/a.ts': 'export const a = 1\n',
  'openapi.json': JSON.stringify(DOCUMENT),
};

describe('capabilities/generation/client cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.client' }).run({
    invalid: [
      {
        name: 'the project OpenAPI file: class named from info.title, typed operation and schema, no semicolons',
        files: PROJECT,
        changes: {
          'src/api/pets-client.ts': {
            contains: [
              'export interface Pet {\n  id: number\n  name: string\n}',
              'export class PetsError extends Error {',
              'export class PetsClient {',
              'async getPet(params: { petId: number }): Promise<Pet> {',
              '`/pets/${encodeURIComponent(String(params.petId))}`',
            ],
            notContains: ';\n',
          },
        },
      },
      {
        name: 'no OpenAPI document in the workspace or the input',
        files: { 'src/a.ts': 'export const a = 1\n' },
        error: { code: 'invalid_input', message: 'generation.client needs an OpenAPI document' },
      },
      {
        name: 'a reserved word as the class name',
        files: PROJECT,
        input: { name: 'default' },
        error: { code: 'invalid_input', message: 'name: "default" is a reserved word' },
      },
      {
        name: 'a schema type another file exports',
        files: { 'src/pet.ts': 'export interface Pet { id: number }\n' },
        input: { document: DOCUMENT },
        error: { code: 'invalid_input', message: 'the client would export Pet, which src/pet.ts already exports' },
      },
    ],
    inputErrors: [
      { name: 'a document that is not an object', input: { document: 'openapi.json' }, message: '/document must be object' },
      { name: 'an unknown property', input: { spec: 'openapi.json', baseUrl: 'http://x' }, message: 'must NOT have additional properties' },
    ],
  });
});
