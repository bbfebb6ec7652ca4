/** PluginTester itself: wrong expectations fail with a message saying what differed; it runs under node:test as well as mocha. */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PluginTester } from '../../plugins/sdk/index.js';

const EXAMPLE = fileURLToPath(new URL('../../../plugins/examples/license-header', import.meta.url));
const SDK = pathToFileURL(fileURLToPath(new URL('../../plugins/sdk/index.js', import.meta.url))).href;

/** Collects the tests PluginTester declares instead of handing them to mocha. */
function collect(cases: Parameters<PluginTester['run']>[1]): Map<string, () => Promise<void>> {
  const tests = new Map<string, () => Promise<void>>();
  const stack: string[] = [];
  PluginTester.describe = (name, body) => {
    stack.push(name);
    body();
    stack.pop();
  };
  PluginTester.it = (name, body) => tests.set([...stack, name].join(' > '), body);
  try {
    new PluginTester({ plugin: EXAMPLE }).run('acme/analysis.license-header', cases);
  } finally {
    PluginTester.describe = undefined;
    PluginTester.it = undefined;
  }
  return tests;
}

async function failure(test: (() => Promise<void>) | undefined): Promise<string> {
  expect(test).to.be.a('function');
  return test!().then(
    () => 'passed',
    (error: Error) => error.message,
  );
}

describe('PluginTester', function () {
  this.timeout(60_000);

  it('fails a case whose expectations do not match, saying what differed', async () => {
    const tests = collect({
      valid: [{ name: 'not actually valid', files: { 'a.ts': 'export {};\n' } }],
      invalid: [
        { name: 'wrong line', files: { 'a.ts': 'export {};\n' }, findings: [{ line: 7 }] },
        { name: 'wrong count', files: { 'a.ts': 'x\n', 'b.ts': 'y\n' }, findings: [{}] },
        { name: 'expects an error that does not come', files: { 'a.ts': '' }, error: 'plugin_timeout' },
        { name: 'says nothing', files: { 'a.ts': '' } },
        {
          name: 'right',
          files: { 'a.ts': 'x\n' },
          findings: [{ ruleId: 'license-header/missing', file: 'a.ts', line: 1, message: /SPDX/ }],
        },
      ],
    });
    const prefix = 'acme/analysis.license-header > ';
    expect(await failure(tests.get(`${prefix}valid > not actually valid`))).to.contain('expected no findings, got 1');
    expect(await failure(tests.get(`${prefix}invalid > wrong line`))).to.contain('expected line 7');
    expect(await failure(tests.get(`${prefix}invalid > wrong count`))).to.contain('expected 1 findings, got 2');
    expect(await failure(tests.get(`${prefix}invalid > expects an error that does not come`))).to.contain(
      'expected the step to fail with plugin_timeout, got success',
    );
    expect(await failure(tests.get(`${prefix}invalid > says nothing`))).to.contain('must say what it expects');
    expect(await failure(tests.get(`${prefix}invalid > right`))).to.equal('passed');
  });

  it('runs under node:test (no mocha globals)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'agentd-node-test-'));
    const file = path.join(folder, 'license.test.mjs');
    await writeFile(
      file,
      `import { PluginTester } from ${JSON.stringify(SDK)};
new PluginTester({ plugin: ${JSON.stringify(EXAMPLE)} }).run('analysis.license-header', {
  valid: [{ files: { 'a.ts': '// SPDX-License-Identifier: MIT\\n' } }],
  invalid: [{ files: { 'a.ts': 'x\\n' }, findings: [{ ruleId: 'license-header/missing', line: 1 }] }],
});
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--test', '--test-reporter=tap', file], { cwd: folder });
    expect(stdout)
      .to.match(/# pass 2/)
      .and.match(/# fail 0/);
  });
});
