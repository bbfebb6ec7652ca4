/** refactoring.simplify's tester suite: unused imports and variables removed, clean code left alone, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { TSCONFIG } from '../../support/small-projects.js';

describe('capabilities/refactoring/simplify cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.simplify' }).run({
    valid: [
      {
        name: 'clean code changes nothing',
        files: { 'tsconfig.json': TSCONFIG, 'src/a.ts': 'export function twice(x: number): number {\n  return x * 2;\n}\n' },
      },
    ],
    invalid: [
      {
        name: 'an unused import and an unused variable',
        files: {
          'tsconfig.json': TSCONFIG,
          'src/a.ts': "import { readFile } from 'node:fs';\nexport function f(x: number): number {\n  const unused = 2;\n  return x;\n}\n",
        },
        changes: { 'src/a.ts': 'export function f(x: number): number {\n  return x;\n}\n' },
      },
      {
        name: 'include matching no source file',
        files: { 'src/a.ts': 'export const a = 1;\n' },
        input: { include: ['nope/**'] },
        error: 'refactoring_refused',
      },
    ],
    inputErrors: [
      { name: 'an unknown rule', input: { rules: ['unused-everything'] }, message: '/rules/0 must be equal to one of the allowed values' },
    ],
  });
});
