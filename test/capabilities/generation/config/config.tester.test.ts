/** generation.config's tester suite: only missing configs, the project's style and real scripts, refusal of a named existing config, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';

const PKG = JSON.stringify({ name: 'sample', type: 'module', scripts: { test: 'node --test', lint: 'eslint .' } }, null, 2);

describe('capabilities/generation/config cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'generation.config' }).run({
    valid: [
      {
        name: 'a project that has every config keeps them all',
        files: {
          'package.json': PKG,
          'src/a.js': 'export const a = 1;\n',
          'eslint.config.js': 'export default [];\n',
          '.prettierrc': '{}\n',
          '.editorconfig': 'root = true\n',
          '.github/workflows/ci.yml': 'name: CI\n',
        },
      },
    ],
    invalid: [
      {
        name: 'the CI workflow runs the real scripts; the Prettier config matches the code',
        files: {
          'package.json': PKG,
          'src/a.js': "export const a = 'x'\n",
          'eslint.config.js': 'export default [];\n',
          '.editorconfig': 'root = true\n',
        },
        changes: {
          '.github/workflows/ci.yml': {
            contains: ['- run: npm install', '- run: npm run lint', '- run: npm test'],
            notContains: ['npm run build'],
          },
          '.prettierrc.json': { contains: ['"semi": false', '"singleQuote": true'] },
        },
      },
      {
        name: 'a named config that exists is refused',
        files: { 'package.json': PKG, 'tsconfig.json': '{}\n', 'src/a.ts': 'export const a = 1;\n' },
        input: { files: ['tsconfig'] },
        error: 'generation_refused',
      },
      {
        name: 'no package.json',
        files: { 'src/a.js': 'export const a = 1;\n' },
        error: { code: 'invalid_input', message: 'needs a package.json' },
      },
    ],
    inputErrors: [
      { name: 'an unknown config kind', input: { files: ['babel'] }, message: '/files/0 must be equal to one of the allowed values' },
    ],
  });
});
