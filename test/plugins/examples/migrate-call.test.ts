/** The codemod example: PluginTester `changes` cases, in the production sandbox. */
import { fileURLToPath } from 'node:url';
import { PluginTester } from '../../../plugins/sdk/index.js';

const tester = new PluginTester({ plugin: fileURLToPath(new URL('../../../../plugins/examples/migrate-call', import.meta.url)) });

describe('example plugin @acme/agentd-migrate-call', function () {
  this.timeout(30_000);
  tester.run('acme/refactoring.migrate-call', {
    valid: [
      {
        name: 'no call of the old function',
        files: { 'src/a.ts': 'export const a = newApi(1);\n' },
        input: { from: 'oldApi', to: 'newApi' },
      },
    ],
    invalid: [
      {
        name: 'calls are rewritten; strings, comments, members and other identifiers are not',
        files: {
          'src/a.ts':
            "import { oldApi } from './api';\n// oldApi() is deprecated\nexport const a = oldApi(1) + oldApi(oldApi(2));\nconst s = 'oldApi(3)';\nobj.oldApi(4);\nconst ref = oldApi;\n",
          'src/b.js': 'export const b = 1;\n',
        },
        input: { from: 'oldApi', to: 'newApi' },
        changes: {
          'src/a.ts':
            "import { oldApi } from './api';\n// oldApi() is deprecated\nexport const a = newApi(1) + newApi(newApi(2));\nconst s = 'oldApi(3)';\nobj.oldApi(4);\nconst ref = oldApi;\n",
        },
      },
      { name: 'an input that is not an identifier', files: { 'a.ts': '' }, input: { from: 'old api', to: 'x' }, error: 'invalid_input' },
    ],
  });
});
