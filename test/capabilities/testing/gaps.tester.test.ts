/** testing.gaps's tester suite: a fully covered sample has no gap, the fixture's gaps from V8 coverage, the static gaps without the permission, input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

const MOCHA = { fixture: fixturePath('testing', 'mocha-project'), nodeModules: path.join(REPO, 'node_modules') };
const PKG = JSON.stringify({ name: 'sample', type: 'module', scripts: { test: 'node --test test/' } });
const TEST = (name: string, call: string): string =>
  `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { ${name} } from '../src/${name}.js';\n\ntest('${name}', () => assert.ok(${call} !== undefined));\n`;
const basis = (data: unknown): unknown => (data as { basis: string }).basis;

describe('testing.gaps cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'testing.gaps' }).run({
    valid: [
      {
        name: 'every export called and every branch taken: no gap, from V8 coverage',
        files: {
          'package.json': PKG,
          'src/sum.js': 'export function sum(a, b) {\n  return a + b;\n}\n',
          'test/sum.test.js': TEST('sum', 'sum(1, 2)'),
        },
        git: true,
        projectCode: true,
        check: (outcome) => {
          expect(basis(outcome.result!.data)).to.equal('coverage');
          expect(outcome.result!.summary).to.match(
            /^0 exported function\(s\) no test reaches and 0 with branches no test takes, from V8 coverage/,
          );
          expect(outcome.result!.notRun).to.equal(undefined);
        },
      },
    ],
    invalid: [
      {
        name: 'the mocha fixture: the function no test calls and the branches no test takes, at their declarations',
        ...MOCHA,
        git: true,
        projectCode: true,
        findings: [
          {
            ruleId: 'testing/untested-export',
            file: 'lib/shipping.js',
            line: 7,
            severity: 'medium',
            message: 'freeShipping is not reached by any test (complexity 1, 1 commit(s))',
          },
          {
            ruleId: 'testing/uncovered-branches',
            file: 'lib/shipping.js',
            line: 1,
            severity: 'low',
            message: 'shippingCost has 3 branch(es) no test takes (lines 2, 3, 4)',
          },
          {
            ruleId: 'testing/uncovered-branches',
            file: 'lib/cart.js',
            line: 6,
            message: 'discount has 1 branch(es) no test takes (lines 8)',
          },
          {
            ruleId: 'testing/uncovered-branches',
            file: 'lib/cart.js',
            line: 12,
            message: 'label has 1 branch(es) no test takes (lines 13)',
          },
        ],
        check: (outcome) => {
          expect(basis(outcome.result!.data)).to.equal('coverage');
          expect(outcome.result!.summary).to.match(
            /^1 exported function\(s\) no test reaches and 3 with branches no test takes, from V8 coverage/,
          );
        },
      },
      {
        name: 'without the project-code permission: exports of files no test imports, coverage reported as not run',
        files: {
          'package.json': PKG,
          'src/sum.js': 'export function sum(a, b) {\n  return a + b;\n}\n',
          'src/vat.js': 'export const vat = (amount) => amount * 0.2;\n',
          'test/sum.test.js': TEST('sum', 'sum(1, 2)'),
        },
        findings: [
          {
            ruleId: 'testing/untested-export',
            file: 'src/vat.js',
            line: 1,
            severity: 'medium',
            message: 'generate one with testing.unit {"include":["src/vat.js"],"symbol":"vat"}',
          },
        ],
        check: (outcome) => {
          expect(basis(outcome.result!.data)).to.equal('imports');
          expect(outcome.result!.notRun![0]!.part).to.equal('coverage');
          expect(outcome.result!.summary).to.include('from the import graph only (coverage not measured)');
        },
      },
    ],
    inputErrors: [{ name: 'a limit of 0', input: { limit: 0 }, message: '/limit must be >= 1' }],
  });
});
