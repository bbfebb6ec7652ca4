/**
 * Attack: files over the 100 KB read limit (and binary files named like sources) were silently missing
 * from a scan: not analysed and not in `skipped` either. Now every analysis and `agentd scan` list
 * them as skipped, with the reason and the workspace-relative path.
 * (Not under vendor/: vendored and generated code is excluded from scans by default, docs/scan.md.)
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runAgentd } from '../cli/support/agentd-process.js';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../daemon/support/http-client.js';

const ANALYSES = ['complexity', 'duplication', 'lint', 'naming', 'performance', 'quality', 'security', 'smells', 'structure'];

describe('attack: oversized and binary source files', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  let root: string;

  before(async () => {
    t = await startTestDaemon();
    root = path.join(t.workspace, 'project');
    await mkdir(path.join(root, 'src', 'data'), { recursive: true });
    await writeFile(path.join(root, 'package.json'), '{"name":"p","version":"1.0.0","type":"module"}');
    await writeFile(path.join(root, 'src', 'ok.js'), 'export const ok = 1;\n');
    await writeFile(path.join(root, 'src', 'data', 'table.js'), `export const data = "${'x'.repeat(150 * 1024)}";\n`);
    await writeFile(path.join(root, 'src', 'latin1.js'), Buffer.from('export const s = "caf\xe9";\n', 'latin1'));
  });
  after(() => t.close());

  const expectBoth = (skipped: { file?: string; path?: string; code: string }[], who: string): void => {
    const codes = Object.fromEntries(skipped.map((s) => [s.file ?? s.path, s.code]));
    expect(codes, who).to.deep.equal({ 'src/latin1.js': 'binary_file', 'src/data/table.js': 'file_too_large' });
  };

  it('REST: each analysis that reads sources lists them in data.skipped', async () => {
    const submitted = await post(t.url, '/jobs', {
      pipeline: ANALYSES.map((name) => ({ capability: `analysis.${name}` })),
      workspace: 'project',
    });
    const done = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed'], 90_000);
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    const data = done.result!.data as { skipped?: [] }[];
    ANALYSES.forEach((name, index) => expectBoth(data[index]!.skipped ?? [], name));
  });

  it('CLI: agentd scan lists them in the JSON report and under the text report', async () => {
    const json = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'json']);
    expect(json.code, json.stderr).to.equal(0);
    expectBoth((JSON.parse(json.stdout) as { skipped: [] }).skipped, 'scan');
    const text = await runAgentd(['scan', root, '--checks', 'complexity']);
    expect(text.stdout).to.include('2 files skipped:').and.include('src/data/table.js: File "src/data/table.js" is');
  });
});
