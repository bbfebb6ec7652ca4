/** testing.fixtures' tester suite: factories and a mock in the project's style and module system, a module already up to date, refusals (unknown, function-typed, generic, class, existing file) and the proposed diff; input schema. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath } from '../support/sample-runs.js';

const MODELS = fixturePath('testing', 'ts-models-project');

// CommonJS, extensionless imports, semicolons (the formatter's default), no test folder yet.
const CJS = {
  'package.json': '{ "name": "cjs-sample" }\n',
  'src/point.ts':
    "import { Color } from './color';\n\nexport interface Point {\n  id: string;\n  x: number;\n  color: Color;\n  label?: string;\n}\n",
  'src/color.ts': "export type Color = 'red' | 'green';\n",
};

const tester = new CapabilityTester({ capability: 'testing.fixtures' });

describe('testing.fixtures cases', function () {
  this.timeout(60_000);
  tester.run({
    valid: [
      {
        name: 'no type and no file named: nothing generated, said so (notRun)',
        files: { ...CJS },
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(/^No factories were generated: name the types/);
          expect(outcome.result!.notRun).to.deep.equal([{ part: 'generation', reason: 'no type or file named (types, include)' }]);
        },
      },
      {
        name: 'generated again over its own output: the module is up to date, nothing staged',
        files: { ...CJS },
        input: { types: 'Point' },
        apply: true,
        allowChanges: true,
        check: async (outcome) => {
          expect(outcome.result!.data).to.include({ out: 'test/factories/point.factory.ts', status: 'created' });
          const again = await tester.runInFolder(outcome.root, { input: { types: 'Point' } });
          expect(again.error).to.equal(undefined);
          expect(again.changes).to.deep.equal([]);
          expect(again.result!.data).to.include({ status: 'unchanged' });
          expect(again.result!.summary).to.match(/^testing\.fixtures: left unchanged test\/factories\/point\.factory\.ts/);
        },
      },
    ],
    invalid: [
      {
        name: 'a CommonJS project: extensionless imports, a seeded builder with name hints and a literal union',
        files: { ...CJS },
        input: { types: ['Point'], seed: 3 },
        changes: {
          'test/factories/point.factory.ts': {
            contains: [
              "import type { Point } from '../../src/point';\n",
              'const SEED = 3;',
              'export function buildPoint(overrides: Partial<Point> = {}): Point {',
              "const n = sequence('Point');",
              'id: `point-${n}`,',
              "color: pick(['red', 'green'] as const),",
              'label: `Point ${n}`,',
              '...overrides,',
              '/** A deterministic Point (src/point.ts); `overrides` replace properties (shallow: a nested object is replaced whole). */',
              'export function buildPointList(',
              'export function resetFactories(seed: number = SEED): void {',
            ],
            notContains: ["from '../../src/point.js'", 'faker', 'Math.random'],
          },
        },
      },
      {
        name: 'tests beside the sources: the factory under their common folder; values hinted by the property names',
        files: {
          'package.json': '{ "name": "colocated", "type": "module" }\n',
          'src/billing/invoice.ts':
            'export interface Invoice {\n  id: number;\n  customerId: string;\n  email: string;\n  totalCents: number;\n  total: number;\n  dueAt: string;\n  website: string;\n}\n',
          'src/billing/invoice.test.ts': "import { test } from 'node:test';\n\ntest('x', () => {});\n",
          'src/util/format.test.ts': "import { test } from 'node:test';\n\ntest('y', () => {});\n",
        },
        input: { types: 'Invoice' },
        changes: {
          'src/test/factories/invoice.factory.ts': {
            contains: [
              "import type { Invoice } from '../../billing/invoice.js';",
              'id: n,',
              'customerId: `customer-${int(1, 1000)}`,',
              'email: `invoice${n}@example.com`,',
              'totalCents: int(100, 100000),',
              'total: int(100, 100000) / 100,',
              'dueAt: EPOCH,',
              "const EPOCH = '2024-01-01T00:00:00.000Z';",
              'website: `https://example.com/invoice/${n}`,',
            ],
          },
        },
      },
      {
        name: 'a type from a declaration file (.d.ts), imported without the .d',
        files: { 'package.json': '{ "name": "dts" }\n', 'types/tag.d.ts': 'export interface Tag {\n  label: string;\n}\n' },
        input: { types: 'Tag' },
        changes: { 'test/factories/tag.factory.ts': { contains: ['import type { Tag } from "../../types/tag";', 'label: `Tag ${n}`,'] } },
      },
      {
        name: "an interface with methods: a call-recording mock in the project's style (no semicolons, .js imports)",
        fixture: MODELS,
        input: { types: 'UserRepository', out: 'test/repository.mock.ts' },
        changes: {
          'test/repository.mock.ts': {
            contains: [
              "import type { UserRepository } from '../src/repository.js'",
              'export function mockUserRepository(\n  overrides: Partial<UserRepository> = {},\n): Mocked<UserRepository> {',
              'export type Mocked<T> = T & { calls: MockCall[] }',
              "calls.push({ method: 'findById', args })",
              'return Promise.resolve(buildUser())',
              'return Promise.resolve()',
              "calls.push({ method: 'search', args })\n      return Promise.resolve([])",
              'export function buildUser(overrides: Partial<User> = {}): User {',
              'email: `user${n}@example.com`,',
              'createdAt: new Date(EPOCH),',
            ],
            notContains: ';\n',
          },
        },
      },
      {
        name: 'a type the project does not declare, with the near names',
        fixture: MODELS,
        input: { types: ['User', 'Ordr'] },
        error: {
          code: 'fixtures_unknown_type',
          message: 'no interface, type alias or enum named Ordr in 5 TypeScript files of the project; did you mean Order?',
        },
      },
      {
        name: 'a function type has no data to build',
        fixture: MODELS,
        input: { types: 'OnOrder' },
        error: { code: 'fixtures_refused', message: 'cannot build OnOrder: it is a function type: there is no data to build' },
      },
      {
        name: 'a generic without type arguments says which arguments are missing and what to name instead',
        fixture: MODELS,
        input: { types: 'Paged' },
        error: { code: 'fixtures_refused', message: 'cannot build Paged: it is generic (Paged<T>) and its type arguments are unknown' },
      },
      {
        name: 'a type that contains itself with nothing to stop at',
        files: { 'src/loop.ts': 'export interface Loop {\n  next: Loop;\n}\n' },
        input: { types: 'Loop' },
        error: {
          code: 'fixtures_refused',
          message: 'cannot build Loop: it contains itself (Loop.next->Loop) with no array, optional property or union member',
        },
      },
      {
        name: 'a generic method returning its type parameter has no value to return',
        files: { 'src/cache.ts': 'export interface Cache {\n  get<T>(key: string): T;\n}\n' },
        input: { types: 'Cache' },
        error: {
          code: 'fixtures_refused',
          message: 'cannot build Cache: Cache.get returns its type parameter T, which no built value fits (an array of it or null would)',
        },
      },
      {
        name: 'a type exported by a later `export type { X }` is built; a default-exported one is not importable by name',
        files: {
          'src/late.ts': 'interface Late {\n  ok: boolean;\n}\nexport type { Late };\n',
          'src/only-default.ts': 'export default interface Hidden {\n  ok: boolean;\n}\n',
        },
        input: { include: ['src/**'] },
        changes: {
          'test/factories/late.factory.ts': { contains: ['export function buildLate(overrides: Partial<Late> = {}): Late {'] },
        },
        check: (outcome) => {
          expect(outcome.result!.data).to.deep.include({ skipped: [] });
        },
      },
      {
        name: 'a default-exported type cannot be imported by name',
        files: { 'src/only-default.ts': 'export default interface Hidden {\n  ok: boolean;\n}\n' },
        input: { types: 'Hidden' },
        error: { code: 'fixtures_refused', message: 'cannot build Hidden: it is not exported under its own name from src/only-default.ts' },
      },
      {
        name: 'a class is not a type it builds',
        files: { 'src/service.ts': 'export class Service {\n  run(): number {\n    return 1;\n  }\n}\n' },
        input: { types: 'Service' },
        error: { code: 'fixtures_refused', message: 'cannot build Service: it is a class (src/service.ts)' },
      },
      {
        name: 'an existing factory module with other content is refused',
        files: { ...CJS, 'test/factories/point.factory.ts': 'export {};\n' },
        input: { types: 'Point' },
        error: {
          code: 'fixtures_refused',
          message: 'test/factories/point.factory.ts already exists with other content; nothing was staged',
        },
      },
      {
        name: '... or proposed as a diff with onExisting: "propose"',
        files: { ...CJS, 'test/factories/point.factory.ts': 'export {};\n' },
        input: { types: 'Point', onExisting: 'propose' },
        changes: { 'test/factories/point.factory.ts': { diffContains: ['-export {};', '+export function buildPoint('] } },
      },
    ],
    inputErrors: [
      { name: 'a type name that is no identifier', input: { types: 'User Order' }, message: '/types must match pattern' },
      { name: 'a negative seed', input: { types: 'User', seed: -1 }, message: '/seed must be >= 0' },
      {
        name: 'an out path that is no TypeScript module',
        input: { types: 'User', out: 'test/user.factory.js' },
        message: '/out must match pattern',
      },
      { name: 'an unknown field', input: { types: 'User', count: 3 }, message: 'must NOT have additional properties' },
    ],
  });
});
