/**
 * testing.e2e on the fixtures, run directly (the slow tier, `npm run test:slow`: about four minutes of
 * Chromium, too much for npm test on two cores; npm test keeps the daemon job of e2e.test.ts, whose
 * generated tests pass three runs in Chromium in the sandbox). The generated end-to-end tests are staged
 * in the project's runner and module system, pass when the project's runner runs them directly three
 * times, and assert real behaviour (a page or a script answering differently makes them fail). An
 * Express app started by its start script (ESM, node:test) and a static site with a form a script
 * handles (CommonJS, mocha).
 */
import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/index.js';
import type { StagedEntry, StepResult } from '../../../core/index.js';
import { run } from '../../../capabilities/testing/e2e.js';
import { copyOf, removeCopies, repo, runDirect } from './project-copy.js';

const mocha = path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function generate(root: string, input: Record<string, unknown> = {}): Promise<{ result: StepResult; staged: StagedEntry[] }> {
  const handle = await createLocalContext({ root, permissions: { projectCode: true }, limits: { maxToolCalls: 1000 } });
  const result = await run(input, handle.ctx);
  return { result, staged: handle.staged() };
}

async function writeStaged(root: string, staged: StagedEntry[]): Promise<void> {
  for (const entry of staged) {
    await mkdir(path.dirname(path.join(root, entry.path)), { recursive: true });
    await writeFile(path.join(root, entry.path), entry.content ?? '');
  }
}

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).to.include(from);
  await writeFile(file, text.replace(from, to));
}

describe('capabilities/testing/e2e on the fixtures, run directly', function () {
  this.timeout(400_000);
  after(removeCopies);

  it('Express pages (ESM, node:test): pages, links and forms, passing node --test three times, failing when a page changes', async () => {
    const root = await copyOf('express-pages');
    const { result, staged } = await generate(root);
    expect(staged.map((s) => s.path)).to.deep.equal(['test/pages.e2e.generated.test.js']);
    expect(result.summary).to.match(
      /^Generated 10 end-to-end test\(s\) in test\/pages\.e2e\.generated\.test\.js for node:test — 4 page\(s\), 4 link\(s\), 2 form\(s\) — against the app served by its "start" script \(node src\/server\.js\) in \/usr\/bin\/chromium; every one passed 3 runs/,
    );
    expect(result.summary).to.include('Not tested: page /health (not an HTML page (application/json))');
    const data = result.data as { runs: { passed: number; failed: number }[]; seeds: { path: string; from: string }[] };
    expect(data.runs).to.deep.equal([
      { passed: 10, failed: 0 },
      { passed: 10, failed: 0 },
      { passed: 10, failed: 0 },
    ]);
    expect(data.seeds).to.deep.include({ path: '/tasks', from: 'GET route in src/app.js' });
    expect(data.seeds).to.deep.include({ path: '/about.html', from: 'public/about.html' });
    const source = staged[0]!.content!;
    expect(source).to.include("import { chromium } from 'playwright-core';");
    expect(source).to.include("spawn(process.execPath, ['src/server.js'],");
    expect(source).to.include("await form.locator('[name=\"email\"]').fill('test@example.com');");
    expect(source).to.include("await form.locator('[name=\"topic\"]').selectOption('billing');");
    expect(source).to.include("assert.equal(pathOf(page), '/tasks?q=Test+q');");
    expect(source).to.include('Thanks, Test name! We will answer at test@example.com about billing.');
    // The time the page was rendered at differs in every run: not asserted.
    expect(source).to.not.include('Rendered at');
    await writeStaged(root, staged);
    for (let i = 0; i < 3; i += 1) {
      const ran = await runDirect(root, process.execPath, ['--test', 'test/']);
      expect(ran.code, ran.stdout + ran.stderr).to.equal(0);
      expect(ran.stdout).to.match(/# pass 10\n/);
    }
    // The answer to the contact form changes: its test fails.
    await edit(path.join(root, 'src', 'app.js'), "'Message sent',\n      `<h1>Message sent</h1>", "'Message sent',\n      `<h1>Sent</h1>");
    const broken = await runDirect(root, process.execPath, ['--test', 'test/']);
    expect(broken.code).to.not.equal(0);
    expect(broken.stdout).to.match(/not ok \d+ - the form to \/contact on \/contact\.html, filled in and sent, leads to \/contact/);
    expect(broken.stdout).to.match(/# pass 9\n/);
  });

  it('a static site (CommonJS, mocha): served from its folder, a form a script handles, failing when the script computes otherwise', async () => {
    const root = await copyOf('static-site');
    const { result, staged } = await generate(root);
    expect(result.summary).to.match(
      /^Generated 5 end-to-end test\(s\) in test\/pages\.e2e\.generated\.test\.js for mocha — 2 page\(s\), 2 link\(s\), 1 form\(s\) — against the app served by its static folder site\//,
    );
    const source = staged[0]!.content!;
    expect(source).to.include("const { chromium } = require('playwright-core');");
    expect(source).to.include('this.timeout(60_000);');
    expect(source).to.include("await form.locator('[name=\"amount\"]').fill('10');");
    expect(source).to.include("await page.locator('body', { hasText: 'Tip: 1.50, total 11.50' }).waitFor();");
    await writeStaged(root, staged);
    for (let i = 0; i < 3; i += 1) {
      const ran = await runDirect(root, process.execPath, [mocha, 'test/**/*.test.js']);
      expect(ran.code, ran.stdout + ran.stderr).to.equal(0);
      expect(ran.stdout).to.match(/5 passing/);
    }
    await edit(path.join(root, 'site', 'tip.js'), '(amount * percent / 100)', '(amount * percent / 10)');
    const broken = await runDirect(root, process.execPath, [mocha, '--timeout', '60000', 'test/pages.e2e.generated.test.js']);
    expect(broken.code).to.not.equal(0);
    expect(broken.stdout).to.match(/4 passing/);
    expect(broken.stdout).to.include('the form #1 on /, filled in and sent, shows its result');
  });
});
