/** debugging.reproduce's tester suite on the invoice-lib sample (node:test): a stack trace's TypeError and a wrong value reproduced, a behaviour that does not happen and a different failure refused, input errors. */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath } from '../support/sample-runs.js';

const INVOICE = fixturePath('debugging-samples', 'invoice-lib');
const CRASH = readFileSync(path.join(INVOICE, 'captured-logs', 'print-crash.txt'), 'utf8');

describe('debugging.reproduce cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'debugging.reproduce' }).run({
    valid: [
      {
        name: 'without the project-code permission: the test is written, not run, not staged (notRun)',
        fixture: INVOICE,
        input: { report: 'applyDiscount(2000, 10) returns 1990 but should return 1800' },
        check: (outcome) => {
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'reproduction', reason: "project code not allowed (the test calls the project's function)" },
          ]);
          expect(outcome.result!.summary).to.match(
            /^Not reproduced: the test for applyDiscount\(2000, 10\) in test\/applyDiscount\.reproduce\.test\.js was written but not run/,
          );
          expect((outcome.result!.data as { content: string }).content).to.include(
            'assert.deepStrictEqual(applyDiscount(2000, 10), 1800);',
          );
        },
      },
      {
        name: "a plan's step whose task names no call: nothing written, said so (notRun)",
        fixture: INVOICE,
        projectCode: true,
        input: { description: 'write a failing test that reproduces the discount bug' },
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(/^No failing test was written: report: it names no function to call/);
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'reproduction', reason: 'the task does not say which call to make and what it should do' },
          ]);
        },
      },
    ],
    invalid: [
      {
        name: 'a stack trace and its input: the function it names, called with the input, fails with the reported TypeError',
        fixture: INVOICE,
        projectCode: true,
        input: { report: CRASH },
        findings: [{ ruleId: 'debugging/reproduced', file: 'test/invoiceTotal.reproduce.test.js', severity: 'high' }],
        changes: {
          'test/invoiceTotal.reproduce.test.js': {
            contains: [
              "import { describe, it } from 'node:test';",
              "import { invoiceTotal } from '../lib/invoice.js';",
              "assert.doesNotThrow(() => invoiceTotal({ customer: 'ACME' }));",
            ],
          },
        },
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(
            /^Reproduced: test\/invoiceTotal\.reproduce\.test\.js fails with .*Cannot read properties of undefined \(reading 'reduce'\)/,
          );
          expect(outcome.result!.data).to.deep.include({ module: 'lib/invoice.js', function: 'invoiceTotal', reproduced: true });
        },
      },
      {
        name: 'expected vs actual: a test asserting the expected value fails with the reported actual value',
        fixture: INVOICE,
        projectCode: true,
        input: { report: 'applyDiscount(2000, 10) returns 1990 but should return 1800 (10 % off 20.00 EUR)' },
        changes: { 'test/applyDiscount.reproduce.test.js': { contains: 'assert.deepStrictEqual(applyDiscount(2000, 10), 1800);' } },
        findings: [{ ruleId: 'debugging/reproduced', message: 'applyDiscount(2000, 10) returns 1990' }],
        check: (outcome) =>
          expect((outcome.result!.data as { failure: unknown }).failure).to.deep.include({ actual: '1990', expected: '1800' }),
      },
      {
        name: 'a reported behaviour that does not happen: refused, nothing staged',
        fixture: INVOICE,
        projectCode: true,
        input: { report: "formatAmount(1250) returns '12.5 EUR' but should return '12.50 EUR'" },
        error: {
          code: 'reproduce_not_reproduced',
          message: 'The reported behaviour did not occur: formatAmount(1250) returned "12.50 EUR" as expected',
        },
      },
      {
        name: 'a failure for another reason than the reported one: refused, both messages shown',
        fixture: INVOICE,
        projectCode: true,
        input: { report: "invoiceTotal({ customer: 'ACME' }) returns NaN but should return 0" },
        error: {
          code: 'reproduce_different_failure',
          message:
            /the report says invoiceTotal\(\{"customer":"ACME"\}\) returns NaN; the test failed with: Cannot read properties of undefined \(reading 'reduce'\)/,
        },
      },
      {
        name: 'a report that gives no input for the function',
        fixture: INVOICE,
        projectCode: true,
        input: { report: 'the discount is wrong: it should return 1800', symbol: 'applyDiscount' },
        error: { code: 'invalid_input', message: 'report: it gives no input for applyDiscount' },
      },
      {
        name: 'a structured call to a module that does not export the function',
        fixture: INVOICE,
        projectCode: true,
        input: { call: { module: 'lib/cli.js', export: 'applyDiscount', args: [2000, 10], expected: 1800 } },
        error: { code: 'invalid_input', message: 'file: lib/cli.js does not export applyDiscount' },
      },
    ],
    inputErrors: [
      { name: 'no report and no call', input: { timeoutMs: 5000 }, message: 'must match a schema in anyOf' },
      {
        name: 'a call without its arguments',
        input: { call: { module: 'lib/invoice.js', export: 'applyDiscount' } },
        message: "must have required property 'args'",
      },
      {
        name: 'an export that is not an identifier',
        input: { call: { module: 'lib/invoice.js', export: 'a b', args: [] } },
        message: '/call/export must match pattern',
      },
      { name: 'an empty report', input: { report: '' }, message: '/report must NOT have fewer than 1 characters' },
    ],
  });
});
