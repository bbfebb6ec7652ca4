/**
 * debugging.reproduce beyond its case table: the report phrasings it reads (reproduce-reports.json),
 * a CommonJS mocha project whose staged test really fails in mocha and passes once the bug is fixed,
 * a report with only the error's name, and the input the planner sends (the task as `description`).
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { readReport } from '../../../capabilities/debugging/reproduce/read-report.js';
import { fixturePath, REPO, runCase } from '../support/sample-runs.js';

const run = promisify(execFile);
const INVOICE = fixturePath('debugging-samples', 'invoice-lib');
const REPORTS = JSON.parse(readFileSync(path.join(REPO, 'test', 'capabilities', 'debugging', 'reproduce-reports.json'), 'utf8')) as {
  report: string;
  read: Record<string, unknown>;
}[];

const CJS_MOCHA = {
  'package.json': `${JSON.stringify({ name: 'cart', private: true, scripts: { test: 'mocha' } }, null, 2)}\n`,
  '.mocharc.json': '{ "spec": "spec/**/*.spec.js" }\n',
  'src/cart.js': [
    "'use strict';",
    '',
    '// Bug: the quantity of the last item is ignored.',
    'function itemCount(items) {',
    '  let count = 0;',
    '  for (let i = 0; i < items.length - 1; i += 1) count += items[i].quantity;',
    '  return count;',
    '}',
    '',
    'module.exports = { itemCount };',
    '',
  ].join('\n'),
  'spec/empty.spec.js': [
    "'use strict';",
    "const assert = require('node:assert/strict');",
    "const { itemCount } = require('../src/cart');",
    '',
    "describe('itemCount', () => {",
    "  it('is 0 for no items', () => {",
    '    assert.equal(itemCount([]), 0);',
    '  });',
    '});',
    '',
  ].join('\n'),
};

describe('debugging.reproduce', function () {
  this.timeout(60_000);

  describe('reading a report', () => {
    for (const { report, read } of REPORTS) {
      it(JSON.stringify(report).slice(0, 90), () => {
        const got = readReport(report);
        const { call, args, expected, actual, thrown } = read as {
          call: unknown;
          args?: unknown;
          expected: unknown;
          actual: unknown;
          thrown: unknown;
        };
        expect(got.call).to.deep.equal(call);
        if (args !== undefined) expect(got.args).to.deep.equal(args);
        expect(got.expected?.value ?? null).to.deep.equal(expected);
        expect(got.actual?.value ?? null).to.deep.equal(actual);
        expect(got.thrown).to.deep.equal(thrown);
      });
    }
  });

  it('a CommonJS mocha project: the staged spec fails in mocha now and passes once the bug is fixed', async () => {
    const outcome = await runCase('debugging.reproduce', {
      files: CJS_MOCHA,
      nodeModules: path.join(REPO, 'node_modules'),
      projectCode: true,
      apply: true,
      input: { call: { module: 'src/cart.js', export: 'itemCount', args: [[{ quantity: 2 }, { quantity: 3 }]], expected: 5, actual: 2 } },
      check: async ({ root }) => {
        const spec = readFileSync(path.join(root, 'spec', 'itemCount.reproduce.spec.js'), 'utf8');
        expect(spec).to.include("const { itemCount } = require('../src/cart.js');");
        expect(spec).to.include('assert.deepStrictEqual(itemCount([{ quantity: 2 }, { quantity: 3 }]), 5);');
        const mocha = path.join(REPO, 'node_modules', 'mocha', 'bin', 'mocha.js');
        const failing = await run(process.execPath, [mocha], { cwd: root }).then(
          () => null,
          (error: { stdout: string }) => error.stdout,
        );
        expect(failing, 'mocha must fail before the fix').to.include('1 failing').and.include('2 !== 5');
        const source = path.join(root, 'src', 'cart.js');
        writeFileSync(source, readFileSync(source, 'utf8').replace('items.length - 1', 'items.length'));
        // The project's own `npm test` (mocha, .mocharc.json's spec glob) now runs it with the other spec, and passes.
        const { stdout } = await run(process.execPath, [mocha], { cwd: root });
        expect(stdout)
          .to.include('2 passing')
          .and.include('itemCount([{"quantity":2},{"quantity":3}]) returns 5')
          .and.not.include('failing');
      },
    });
    expect(outcome.result.summary).to.match(
      /^Reproduced: spec\/itemCount\.reproduce\.spec\.js fails with Expected values to be strictly deep-equal: 2 !== 5/,
    );
    expect(outcome.result.data).to.deep.include({ runner: 'mocha', module: 'src/cart.js', located: 'the call given' });
  });

  it('a report naming only the error: any thrown error reproduces it, a returned value does not', async () => {
    const thrown = await runCase('debugging.reproduce', {
      fixture: INVOICE,
      projectCode: true,
      input: { report: 'lineTotal(null) throws a TypeError' },
    });
    expect(thrown.result.summary).to.match(
      /^Reproduced: test\/lineTotal\.reproduce\.test\.js fails with Got unwanted exception\. Actual message: "Cannot read properties of null \(reading 'quantity'\)"/,
    );
    const returned = await runCase('debugging.reproduce', {
      fixture: INVOICE,
      projectCode: true,
      input: { report: 'lineTotal({ quantity: 2, unitPrice: 300 }) throws a TypeError' },
    }).catch((error: { code?: string; message: string }) => error);
    expect(returned).to.include({ code: 'reproduce_not_reproduced' });
    expect((returned as Error).message).to.include('lineTotal({"quantity":2,"unitPrice":300}) did not throw');
  });

  it('a stack trace Node mapped to the TypeScript source: the compiled module its source map names is called', async () => {
    const shop = fixturePath('debugging-samples', 'shop-api');
    const crash = readFileSync(path.join(shop, 'captured-logs', 'report-crash-source-maps.txt'), 'utf8');
    const pkg = JSON.parse(readFileSync(path.join(shop, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    pkg.scripts.test = 'node --test';
    const outcome = await runCase('debugging.reproduce', {
      fixture: shop,
      files: { 'package.json': JSON.stringify(pkg) },
      projectCode: true,
      input: { report: `${crash}\nInput: { id: 7, customer: 'ACME' }` },
    });
    expect(outcome.result.data).to.deep.include({ module: 'lib/orders.js', function: 'orderTotal', reproduced: true });
    expect(outcome.result.summary).to.include('found from the stack trace (debugging.diagnose: src/orders.ts)');
    expect(outcome.changes.map((c) => c.path)).to.deep.equal(['test/orderTotal.reproduce.test.js']);
  });

  it('a reported NaN: matched by the assertion message (the reporter writes NaN as null)', async () => {
    const outcome = await runCase('debugging.reproduce', {
      fixture: INVOICE,
      projectCode: true,
      input: { report: 'lineTotal({ quantity: 2 }) returns NaN but should return 0' },
    });
    expect(outcome.result.summary).to.equal(
      'Reproduced: test/lineTotal.reproduce.test.js fails with Expected values to be strictly deep-equal: NaN !== 0 — lineTotal({"quantity":2}) returns NaN (node:test; module lib/invoice.js, found from the call in the report). It should pass once the bug is fixed.',
    );
  });

  it("the planner's input: the task as `description` with the symbol it named", async () => {
    const outcome = await runCase('debugging.reproduce', {
      fixture: INVOICE,
      projectCode: true,
      input: {
        description: 'write a failing test for the bug where applyDiscount(2000, 10) returns 1990 instead of 1800',
        symbol: 'applyDiscount',
      },
    });
    expect(outcome.changes.map((c) => c.path)).to.deep.equal(['test/applyDiscount.reproduce.test.js']);
    expect(outcome.result.data).to.deep.include({ function: 'applyDiscount', args: [2000, 10], reproduced: true });
  });
});
