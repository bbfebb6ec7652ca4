/**
 * testing.unit on the fixtures: the generated characterization tests are staged in the project's runner
 * and module system, pass in the project's own runner run directly three times, assert real behaviour
 * (a changed function makes them fail), and include branch values from the function's own code.
 * Without the permission nothing is generated (notRun).
 */
import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import type { StagedEntry } from '../../../core/index.js';
import { run } from '../../../capabilities/testing/unit.js';
import { copyOf, removeCopies, repo, runDirect } from './project-copy.js';

const mocha = path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function generate(
  root: string,
  input: { include: string[] },
  projectCode = true,
): Promise<{ summary: string; staged: StagedEntry[]; notRun?: unknown }> {
  const handle = await createLocalContext({ root, permissions: { projectCode }, limits: { maxToolCalls: 1000 } });
  const result = await run(input, handle.ctx);
  return { summary: result.summary, staged: handle.staged(), notRun: result.notRun };
}

async function writeStaged(root: string, staged: StagedEntry[]): Promise<void> {
  for (const entry of staged) {
    await mkdir(path.dirname(path.join(root, entry.path)), { recursive: true });
    await writeFile(path.join(root, entry.path), entry.content ?? '');
  }
}

describe('capabilities/testing/unit', function () {
  this.timeout(180_000);
  after(removeCopies);

  it('mocha: tests that pass in mocha run directly three times and pin the branches of the code', async () => {
    const root = await copyOf('mocha-project');
    const { summary, staged } = await generate(root, { include: ['lib/cart.js'] });
    expect(staged.map((s) => s.path)).to.deep.equal(['test/cart.generated.test.js']);
    expect(summary).to.match(
      /^Generated \d+ characterization test\(s\) in test\/cart\.generated\.test\.js \(\d+\) for mocha; every one passed 3 runs/,
    );
    const source = staged[0]!.content!;
    expect(source).to.include("import { lineTotal, discount, label } from '../lib/cart.js';");
    expect(source).to.include('assert.throws(() => lineTotal(0, -1), { name: "RangeError", message: "quantity must not be negative" });');
    expect(source).to.include('assert.deepStrictEqual(discount(10, "TENOFF"), 0);');
    expect(source).to.include('assert.deepStrictEqual(discount(10, "HALF"), 5);');
    expect(source).to.include('assert.deepStrictEqual(label(1), "1 item");');
    expect(source.match(/assert\./g)!.length, 'one assertion per test').to.equal(source.match(/\bit\(/g)!.length);
    await writeStaged(root, staged);
    for (let i = 0; i < 3; i += 1) {
      const ran = await runDirect(root, process.execPath, [mocha, 'test/cart.generated.test.js']);
      expect(ran.code, ran.stdout + ran.stderr).to.equal(0);
    }
    // A change in behaviour makes them fail: they assert what the code does.
    const cart = path.join(root, 'lib', 'cart.js');
    await writeFile(cart, (await readFile(cart, 'utf8')).replace("'1 item'", "'one item'"));
    const broken = await runDirect(root, process.execPath, [mocha, 'test/cart.generated.test.js']);
    expect(broken.code).to.not.equal(0);
    expect(broken.stdout).to.include('label(1) returns "1 item"');
  });

  it('a symbol alone: only that function, in the module that exports it', async () => {
    const root = await copyOf('mocha-project');
    const handle = await createLocalContext({ root, permissions: { projectCode: true }, limits: { maxToolCalls: 1000 } });
    await run({ symbol: 'freeShipping' }, handle.ctx);
    const staged = handle.staged();
    expect(staged.map((s) => s.path)).to.deep.equal(['test/shipping.generated.test.js']);
    expect(staged[0]!.content)
      .to.include("import { freeShipping } from '../lib/shipping.js';")
      .and.include('assert.deepStrictEqual(freeShipping(50), true);')
      .and.include('assert.deepStrictEqual(freeShipping(49), false);');
    expect(staged[0]!.content).to.not.include('shippingCost');
  });

  it('node:test: the generated file imports describe/it from node:test and passes node --test', async () => {
    const root = await copyOf('node-test-project');
    const { staged } = await generate(root, { include: ['src/text.js'] });
    expect(staged.map((s) => s.path)).to.deep.equal(['test/text.generated.test.js']);
    expect(staged[0]!.content).to.include("import { describe, it } from 'node:test';");
    expect(staged[0]!.content).to.match(/truncate\(/);
    await writeStaged(root, staged);
    const ran = await runDirect(root, process.execPath, ['--test', 'test/text.generated.test.js']);
    expect(ran.code, ran.stdout).to.equal(0);
  });

  it('a project without a runner gets node:test and a "test" script', async () => {
    const root = await copyOf('node-test-project');
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'bare', type: 'module' }));
    const { rm } = await import('node:fs/promises');
    await rm(path.join(root, 'test'), { recursive: true });
    const { staged, summary } = await generate(root, { include: ['src/text.js'] });
    expect(staged.map((s) => s.path).sort()).to.deep.equal(['package.json', 'test/text.generated.test.js']);
    expect(JSON.parse(staged.find((s) => s.path === 'package.json')!.content!).scripts).to.deep.equal({ test: 'node --test' });
    expect(summary).to.include('Added a "test" script (node --test)');
    await writeStaged(root, staged);
    const ran = await runDirect(root, 'npm', ['test', '--silent']);
    expect(ran.code, ran.stdout + ran.stderr).to.equal(0);
  });

  it('without the project-code permission nothing is generated and the step says so', async () => {
    const root = await copyOf('mocha-project');
    const { staged, notRun, summary } = await generate(root, { include: ['lib/cart.js'] }, false);
    expect(staged).to.deep.equal([]);
    expect(notRun).to.deep.equal([
      { part: 'generation', reason: "project code not allowed (the module's exports are called to observe them)" },
    ]);
    expect(summary).to.match(/^No tests were generated/);
  });
});
