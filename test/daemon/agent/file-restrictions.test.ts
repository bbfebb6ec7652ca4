import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { snapshot, submitTask } from './agent-support.js';

/**
 * The agent's file restrictions, end to end: a task in auto mode over a folder that holds a binary
 * file and a file over 100 KB, both of them full of what the task would rewrite, changes neither.
 */
const OLD_STYLE = "var greeting = 'hello, ' + name;\n";

describe('daemon/agent: no binary file modified, no file over 100 KB written', function () {
  this.timeout(180_000);
  let t: TestDaemon;
  let root: string;
  before(async () => {
    t = await startTestDaemon();
    root = path.join(t.workspace, 'project');
    await mkdir(path.join(root, 'lib'), { recursive: true });
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'restricted', private: true }) + '\n');
    await writeFile(
      path.join(root, 'lib/small.js'),
      `function greet(name) {\n  ${OLD_STYLE}  return greeting;\n}\nmodule.exports = { greet };\n`,
    );
    // Valid JavaScript except for one NUL byte in a comment: a binary file by agentd's rule.
    await writeFile(path.join(root, 'lib/blob.js'), Buffer.from(`// \0 packed\nfunction a(name) {\n  ${OLD_STYLE}  return greeting;\n}\n`));
    // Just over 100 KB of the same old-style code.
    const body = Array.from({ length: 1400 }, (_, i) => `function f${i}(name) {\n  ${OLD_STYLE}  return greeting;\n}\n`).join('');
    expect(Buffer.byteLength(body)).to.be.greaterThan(100 * 1024);
    await writeFile(path.join(root, 'lib/big.js'), body);
  });
  after(async () => {
    await t.close();
  });

  it('modernises the small file in auto mode and leaves the binary and the large file byte-identical', async () => {
    const before = await snapshot(root);
    const job = await submitTask(t, 'modernize lib, var to let/const', { mode: 'auto' });
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.result!.changes.map((change) => change.path)).to.deep.equal(['lib/small.js']);
    expect(await readFile(path.join(root, 'lib/small.js'), 'utf8')).to.include('const greeting');
    const after = await snapshot(root);
    for (const file of ['lib/blob.js', 'lib/big.js', 'package.json']) expect(after.get(file), file).to.equal(before.get(file));
  });
});
