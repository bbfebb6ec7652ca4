/** The generator example: PluginTester `changes` and `error` cases, in the production sandbox. */
import { fileURLToPath } from 'node:url';
import { PluginTester } from '../../../plugins/sdk/index.js';

const tester = new PluginTester({ plugin: fileURLToPath(new URL('../../../../plugins/examples/module-template', import.meta.url)) });

describe('example plugin @acme/agentd-module-template', function () {
  this.timeout(30_000);
  tester.run('acme/generation.module-template', {
    valid: [],
    invalid: [
      {
        name: 'creates the module and its test, formatted with the project settings (single quotes here)',
        files: { '.prettierrc': '{ "singleQuote": false }\n', 'src/.keep': '' },
        input: { name: 'price-rules', folder: 'billing' },
        changes: {
          'src/billing/price-rules.ts':
            '// SPDX-License-Identifier: MIT\n/** price-rules: describe what this module does. */\nexport function priceRules(input: string): string {\n  return input;\n}\n',
          'test/billing/price-rules.test.ts':
            'import { priceRules } from "../../src/billing/price-rules.js";\n\ndescribe("price-rules", () => {\n  it("returns its input", () => {\n    if (priceRules("x") !== "x") throw new Error("unexpected");\n  });\n});\n',
        },
      },
      {
        name: 'refuses to overwrite an existing module',
        files: { 'src/lib/util.ts': 'export {};\n' },
        input: { name: 'util' },
        error: 'plugin_error',
      },
    ],
  });
});
