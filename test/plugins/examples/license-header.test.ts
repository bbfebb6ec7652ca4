/** The example plugin's own PluginTester suite: loaded from its package.json, run in the production sandbox. */
import { fileURLToPath } from 'node:url';
import { PluginTester } from '../../../plugins/sdk/index.js';

const plugin = fileURLToPath(new URL('../../../../plugins/examples/license-header', import.meta.url));
const tester = new PluginTester({ plugin });

describe('example plugin @acme/agentd-license-header', function () {
  this.timeout(30_000);

  tester.run('acme/analysis.license-header', {
    valid: [
      { name: 'a file with the SPDX marker', files: { 'src/a.ts': '// SPDX-License-Identifier: MIT\nexport const a = 1;\n' } },
      {
        name: 'the marker after a shebang and a blank line',
        files: { 'bin/cli.js': '#!/usr/bin/env node\n\n/* SPDX-License-Identifier: Apache-2.0 */\n' },
      },
      { name: 'a custom marker', files: { 'src/a.ts': '// Copyright ACME\n' }, input: { marker: 'Copyright ACME' } },
      { name: 'non-source files are not checked', files: { 'README.md': '# hi\n', 'data.json': '{}' } },
      { name: 'excluded files are not checked', files: { 'src/gen/out.ts': 'export {};\n' }, input: { exclude: ['src/gen/**'] } },
    ],
    invalid: [
      {
        name: 'a file without a header',
        files: { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': '// SPDX-License-Identifier: MIT\n' },
        findings: [
          {
            ruleId: 'license-header/missing',
            file: 'src/a.ts',
            line: 1,
            message: 'The first 5 lines do not contain "SPDX-License-Identifier".',
          },
        ],
      },
      {
        name: 'the marker too far down',
        files: { 'src/a.js': '\n\n\n// SPDX-License-Identifier: MIT\n' },
        input: { lines: 3 },
        findings: [{ ruleId: 'license-header/missing', message: /first 3 lines/ }],
      },
      {
        name: 'every source file is checked, in order',
        files: { 'a.mjs': 'x\n', 'b.tsx': 'y\n', 'c.cjs': '// SPDX-License-Identifier: MIT\n' },
        findings: [{ file: 'a.mjs' }, { file: 'b.tsx' }],
      },
      { name: 'an input the schema refuses', files: { 'a.ts': '' }, input: { lines: 0 }, error: 'invalid_input' },
      { name: 'an unknown input key', files: { 'a.ts': '' }, input: { header: '// x', color: 'red' }, error: 'invalid_input' },
    ],
  });

  it('the fix inserts the header after a shebang line', async () => {
    const { result } = await tester.runCase('analysis.license-header', {
      files: { 'bin/run.js': '#!/usr/bin/env node\nrun();\n' },
      input: { header: '// SPDX-License-Identifier: MIT' },
    });
    const edit = result?.findings?.[0]?.fix?.edits?.[0];
    if (!edit || edit.start !== '#!/usr/bin/env node\n'.length || edit.text !== '// SPDX-License-Identifier: MIT\n') {
      throw new Error(`unexpected fix: ${JSON.stringify(result?.findings?.[0]?.fix)}`);
    }
  });
});
