/**
 * PluginTester under vitest (the real vitest of this repository, in a child process on a temp folder):
 * with vitest's `describe`/`it` handed to it, and with `--globals` and nothing handed over. A case that
 * is wrong on purpose must fail, so the run proves the cases really ran in the sandbox.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = path.join(REPO, 'plugins', 'examples', 'license-header');
const SDK = pathToFileURL(path.join(REPO, 'dist', 'plugins', 'sdk', 'index.js')).href;
const VITEST = path.join(REPO, 'node_modules', 'vitest', 'vitest.mjs');

function testFile(handOver: boolean): string {
  return `${handOver ? "import { describe, it } from 'vitest';\n" : ''}import { PluginTester } from ${JSON.stringify(SDK)};
${handOver ? 'PluginTester.describe = describe;\nPluginTester.it = it;\n' : ''}new PluginTester({ plugin: ${JSON.stringify(EXAMPLE)} }).run('analysis.license-header', {
  valid: [{ files: { 'a.ts': '// SPDX-License-Identifier: MIT\\n' } }],
  invalid: [
    { name: 'right', files: { 'a.ts': 'x\\n' }, findings: [{ ruleId: 'license-header/missing', line: 1 }] },
    { name: 'wrong on purpose', files: { 'a.ts': 'x\\n' }, findings: [{ line: 7 }] },
  ],
});
`;
}

interface VitestReport {
  testResults: { name: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

describe('PluginTester under vitest', function () {
  this.timeout(180_000);

  for (const [mode, handOver, args] of [
    ['describe/it handed to it', true, []],
    ['--globals, nothing handed over', false, ['--globals']],
  ] as const) {
    it(`runs the cases with ${mode}`, async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'agentd-vitest-'));
      try {
        await writeFile(path.join(folder, 'license.test.mjs'), testFile(handOver));
        const out = path.join(folder, 'report.json');
        await new Promise<void>((resolve) => {
          // vitest exits 1: the case wrong on purpose fails. Its 5 s default test timeout is too short for a
          // first case that starts the executor on a busy machine.
          execFile(
            process.execPath,
            [VITEST, 'run', '--root', folder, '--testTimeout=120000', ...args, '--reporter=json', `--outputFile=${out}`],
            { cwd: folder },
            () => resolve(),
          );
        });
        const report = JSON.parse(await readFile(out, 'utf8')) as VitestReport;
        const results = report.testResults.flatMap((file) => file.assertionResults);
        expect(results.map((r) => [r.title, r.status])).to.deep.equal([
          ['valid #1: a.ts', 'passed'],
          ['right', 'passed'],
          ['wrong on purpose', 'failed'],
        ]);
        expect(results[2]!.failureMessages.join('\n')).to.contain('expected line 7');
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  }
});
