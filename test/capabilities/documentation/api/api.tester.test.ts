/** documentation.api's tester suite: the reference of a tiny package's published entry point, nothing matching the subjects, an entry point with no source, input schema. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../../core/tester/index.js';

const PKG = JSON.stringify(
  {
    name: 'mini',
    version: '1.0.0',
    type: 'module',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
  },
  null,
  2,
);
const TSCONFIG = JSON.stringify({
  compilerOptions: { rootDir: 'src', outDir: 'dist', strict: true, declaration: true, lib: ['es2022'], types: [] },
  include: ['src'],
});
const INDEX =
  "/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function half(value: number): number {\n  if (value < 0) throw new RangeError('negative');\n  return value / 2;\n}\n";
const MINI = { 'package.json': PKG, 'tsconfig.json': TSCONFIG, 'src/index.ts': INDEX };

describe('capabilities/documentation/api cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'documentation.api' }).run({
    valid: [
      {
        name: 'no exported symbol matches the subjects: nothing written, said so',
        files: MINI,
        input: { subjects: ['nothing'] },
        check: (outcome) =>
          expect(outcome.result!.summary).to.equal(
            'No exported symbol to document (subjects nothing) in 1 entry point(s); nothing written.',
          ),
      },
    ],
    invalid: [
      {
        name: 'docs/api.md from the entry point package.json publishes (dist/index.d.ts mapped to src/index.ts)',
        files: MINI,
        changes: {
          'docs/api.md': {
            contains: [
              '# mini API reference',
              'Entry module: `src/index.ts`',
              '**Functions:** [add](#mini-add), [half](#mini-half)',
              '*function* — defined in [src/index.ts:2](../src/index.ts#L2)\n\n```ts\nfunction add(a: number, b: number): number\n```\n\nAdds two numbers.',
              '*function* — defined in [src/index.ts:6](../src/index.ts#L6)',
              '| `value` | `number` |  |',
            ],
          },
        },
        check: (outcome) => expect(outcome.result!.summary).to.equal('Wrote docs/api.md: 2 symbol(s) from 1 entry point(s), 0 deprecated.'),
      },
      {
        name: 'an export with no source module or declaration file',
        files: {
          'package.json': JSON.stringify({ name: 'x', exports: { '.': './dist/missing.js' } }),
          'src/a.ts': 'export const a = 1;\n',
        },
        error: {
          code: 'documentation_refused',
          message: '. -> ./dist/missing.js: no source module or declaration file for it in the workspace',
        },
      },
    ],
    inputErrors: [
      { name: 'an empty output path', input: { out: '' }, message: '/out must NOT have fewer than 1 characters' },
      { name: 'an unknown option', input: { style: 'html' }, message: 'must NOT have additional properties' },
      { name: 'a format it does not write', input: { format: 'html' }, message: 'must be equal to one of the allowed values' },
    ],
  });
});
