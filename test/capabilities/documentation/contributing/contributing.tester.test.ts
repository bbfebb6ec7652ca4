/** documentation.contributing's tester suite: CONTRIBUTING from the tooling, human text kept, refusal without package.json, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';

const PKG = JSON.stringify({ name: 'sample', scripts: { test: 'mocha', lint: 'eslint .' }, devDependencies: { mocha: '10.0.0' } }, null, 2);

describe('capabilities/documentation/contributing cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'documentation.contributing' }).run({
    invalid: [
      {
        name: 'a new CONTRIBUTING.md from the scripts and the test runner',
        files: { 'package.json': PKG, 'package-lock.json': '{}\n', 'test/a.test.js': "it('a', () => {});\n" },
        changes: {
          'CONTRIBUTING.md': {
            contains: [
              '# Contributing to sample',
              '| `npm run lint` | `eslint .` |',
              'Tests run with mocha: `npm test` (`mocha`).',
              'Git history was not read',
            ],
          },
        },
      },
      {
        name: 'an existing CONTRIBUTING.md keeps its text',
        files: { 'package.json': PKG, 'CONTRIBUTING.md': '# How we work\n\nBe kind.\n' },
        changes: { 'CONTRIBUTING.md': { contains: ['# How we work\n\nBe kind.\n', '<!-- agentd:begin contributing-scripts -->'] } },
      },
      { name: 'no package.json', files: { 'src/a.js': 'export const a = 1;\n' }, error: 'documentation_refused' },
    ],
    inputErrors: [{ name: 'an unknown option', input: { title: 'x' }, message: 'must NOT have additional properties' }],
  });
});
