/**
 * documentation.examples runs the examples it writes (with the project-code permission, in agentd's
 * sandbox) on fixtures/documentation/toolkit — TypeScript sources behind a package.json that publishes
 * dist/, which is not built: the runner resolves the public specifiers to the sources. An example whose
 * result differs from the one shown, or that throws something else, is not written. (All 18 of the
 * unedited fixture pass: bench/documentation-examples-run.ts.)
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, type DocWorkspace } from './doc-workspace.js';

interface Run {
  executed: boolean;
  reason?: string;
  runnable: number;
  passed: number;
  failed: { name: string; code: string; from: string; message: string }[];
  notRun: { name: string; message: string }[];
}

describe('capabilities/documentation/examples: running the examples before writing them', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/toolkit');
  });
  afterEach(() => ws.dispose());

  it('runs every example from a real call in the sandbox and leaves out one whose shown result or error differs', async () => {
    const file = path.join(ws.root, 'src', 'text.test.ts');
    const text = await readFile(file, 'utf8');
    await writeFile(
      file,
      text.replace("'hello-world');", "'hello_world');").replace("truncate('text', 0), RangeError", "truncate('text', 0), TypeError"),
    );
    // Module state: each example gets its own instances of the package's modules, so `isEnabled()`
    // shows false as its test asserts even though the `enable()` example ran before it.
    await writeFile(
      path.join(ws.root, 'src', 'flags.ts'),
      'let enabled = false;\n\n/** Turns the feature on. */\nexport function enable(): void {\n  enabled = true;\n}\n\n/** Whether the feature is on. */\nexport function isEnabled(): boolean {\n  return enabled;\n}\n',
    );
    await writeFile(
      path.join(ws.root, 'src', 'flags.test.ts'),
      "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { enable, isEnabled } from './flags.js';\n\ntest('enable', () => {\n  enable();\n});\n\ntest('off by default', () => {\n  assert.equal(isEnabled(), false);\n});\n",
    );
    const index = path.join(ws.root, 'src', 'index.ts');
    await writeFile(index, `${await readFile(index, 'utf8')}export { enable, isEnabled } from './flags.js';\n`);
    const { result } = await ws.apply('documentation.examples', {}, { projectCode: true });
    const run = (result.data as { run: Run }).run;
    expect(run.runnable).to.equal(20);
    expect(run.passed).to.equal(18);
    expect(run.failed.map((f) => [f.name, f.code])).to.deep.equal([
      ['slugify', "slugify('Hello, World!'); // => 'hello_world'"],
      ['truncate', "truncate('text', 0); // throws TypeError"],
    ]);
    expect(run.failed[0]!.message).to.include("shows 'hello_world', returned 'hello-world'");
    expect(run.failed[1]!.message).to.include('RangeError');
    expect(result.summary).to.match(/20 example\(s\) in the sandbox: 18 pass, 2 failed and not written \(slugify at src\/text\.test\.ts:6/);
    const md = await ws.read('docs/examples.md');
    expect(md).not.to.include('hello_world');
    expect(md).not.to.include('TypeError');
    expect(md).to.include("slugify('Tea Time', '_'); // => 'tea_time'"); // the other slugify example still passes
    expect(md).to.include("truncate('a long sentence', 6); // => 'a lon…'");
    expect(md).to.include('enable();');
    expect(md).to.include('isEnabled(); // => false');
    // The 16 others as the tests wrote them (the bench: all 18 of the unedited fixture pass).
  });

  it('without the permission, writes the examples unrun and says so (the step is incomplete)', async () => {
    const { result } = await ws.apply('documentation.examples', {});
    const run = (result.data as { run: Run }).run;
    expect(run.executed).to.equal(false);
    expect(run.reason).to.match(/^project code not allowed/);
    expect(run.passed).to.equal(0);
    expect(result.notRun).to.deep.equal([
      {
        part: 'running the examples',
        reason: 'project code not allowed: running an example runs the package; 18 example(s) written unrun',
      },
    ]);
    expect(result.summary).to.include('The 18 example(s) from real calls were not run (project code not allowed');
    expect(await ws.read('docs/examples.md')).to.include("slugify('Hello, World!'); // => 'hello-world'");
  });
});
