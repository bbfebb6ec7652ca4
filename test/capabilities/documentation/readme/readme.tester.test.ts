/** documentation.readme's tester suite: a new README from package.json and the code, an up-to-date one left alone, human text kept in a merge, refusal without package.json, input schema. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../../core/tester/index.js';

const PKG = JSON.stringify(
  {
    name: 'mini',
    version: '1.0.0',
    description: 'Tiny sample.',
    type: 'module',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    scripts: { build: 'tsc', test: 'node --test' },
  },
  null,
  2,
);
const TSCONFIG = JSON.stringify({
  compilerOptions: { rootDir: 'src', outDir: 'dist', strict: true, declaration: true, lib: ['es2022'], types: [] },
  include: ['src'],
});
const INDEX =
  '/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function half(value: number): number {\n  return value / 2;\n}\n';
const MINI = { 'package.json': PKG, 'tsconfig.json': TSCONFIG, 'src/index.ts': INDEX };
const README = [
  '# mini',
  '',
  'Tiny sample.',
  '',
  '<!-- agentd:begin install -->',
  '## Install',
  '',
  '```sh',
  'npm install mini',
  '```',
  '<!-- agentd:end install -->',
  '',
  '<!-- agentd:begin scripts -->',
  '## Scripts',
  '',
  '| command | what it runs |',
  '| --- | --- |',
  '| `npm run build` | `tsc` |',
  '| `npm test` | `node --test` |',
  '<!-- agentd:end scripts -->',
  '',
  '<!-- agentd:begin api -->',
  '## API',
  '',
  '### `mini`',
  '',
  '| export | kind | summary |',
  '| --- | --- | --- |',
  '| `add` | function | Adds two numbers. |',
  '| `half` | function |  |',
  '<!-- agentd:end api -->',
  '',
  '<!-- agentd:begin project -->',
  '## Project',
  '',
  '- Language: TypeScript (ES modules)',
  '- Tests: node:test (`node --test`)',
  '<!-- agentd:end project -->',
  '',
].join('\n');
const HUMAN = '# mini\n\nWritten by hand; kept byte for byte.\n';

describe('capabilities/documentation/readme cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'documentation.readme' }).run({
    valid: [
      {
        name: 'a README the capability wrote, with nothing changed since: unchanged',
        files: { ...MINI, 'README.md': README },
        check: (outcome) => expect(outcome.result!.summary).to.match(/^Unchanged README\.md/),
      },
    ],
    invalid: [
      {
        name: 'a new README: name and description, install, scripts, public API, project facts',
        files: MINI,
        changes: { 'README.md': README },
        check: (outcome) => expect(outcome.result!.summary).to.match(/^Created README\.md \(wrote install, scripts, api, project\)/),
      },
      {
        name: 'an existing human README keeps its text; generated sections are appended as marked regions',
        files: { ...MINI, 'README.md': HUMAN },
        changes: {
          'README.md': {
            contains: [`${HUMAN}\n<!-- agentd:begin install -->`, '| `add` | function | Adds two numbers. |'],
            notContains: ['Tiny sample.'],
          },
        },
      },
      {
        name: 'no package.json',
        files: { 'src/index.ts': INDEX },
        error: { code: 'documentation_refused', message: 'No package.json at the workspace root' },
      },
    ],
    inputErrors: [
      { name: 'an empty output path', input: { out: '' }, message: '/out must NOT have fewer than 1 characters' },
      { name: 'an unknown option', input: { badges: true }, message: 'must NOT have additional properties' },
    ],
  });
});
