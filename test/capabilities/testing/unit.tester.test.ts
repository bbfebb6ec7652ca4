/** testing.unit's tester suite: the generated characterization test for one function, nothing generated when nothing is named or without the permission, an unknown module refused, input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

const MOCHA = { fixture: fixturePath('testing', 'mocha-project'), nodeModules: path.join(REPO, 'node_modules') };

describe('testing.unit cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'testing.unit' }).run({
    valid: [
      {
        name: 'no module and no function named: nothing generated, said so (notRun)',
        ...MOCHA,
        projectCode: true,
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(/^No tests were generated: name the module/);
          expect(outcome.result!.notRun).to.deep.equal([{ part: 'generation', reason: 'no module or function named (include, symbol)' }]);
        },
      },
      {
        name: 'without the project-code permission: the module is not run, nothing generated (notRun)',
        ...MOCHA,
        input: { include: ['lib/cart.js'] },
        check: (outcome) => {
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'generation', reason: "project code not allowed (the module's exports are called to observe them)" },
          ]);
          expect(outcome.result!.data).to.deep.equal({ files: ['lib/cart.js'], generated: false, projectCode: false });
        },
      },
    ],
    invalid: [
      {
        name: "one exported function: a mocha test file beside the project's tests pinning both sides of its comparison",
        ...MOCHA,
        projectCode: true,
        input: { symbol: 'freeShipping' },
        changes: {
          'test/shipping.generated.test.js': {
            contains: [
              "import { freeShipping } from '../lib/shipping.js';",
              "describe('freeShipping'",
              'assert.deepStrictEqual(freeShipping(50), true);',
              'assert.deepStrictEqual(freeShipping(49), false);',
            ],
            notContains: 'shippingCost',
          },
        },
      },
      {
        name: 'a default-exported function with a destructured options parameter: imported under its own name, called with the default options',
        files: {
          'package.json': '{ "name": "pad", "type": "module" }\n',
          'lib/pad.js':
            "export default function pad(text, { width = 4, fill = ' ' } = {}) {\n  if (text.length >= width) return text;\n  return fill.repeat(width - text.length) + text;\n}\n",
        },
        projectCode: true,
        input: { include: ['lib/pad.js'] },
        changes: {
          'package.json': { contains: '"test": "node --test"' },
          'test/pad.generated.test.js': {
            contains: [
              "import pad from '../lib/pad.js';",
              "describe('pad'",
              'assert.deepStrictEqual(pad("A"), "   A");',
              'assert.deepStrictEqual(pad("hello world"), "hello world");',
            ],
          },
        },
      },
      {
        name: 'a module that does not exist',
        ...MOCHA,
        projectCode: true,
        input: { include: ['lib/missing.js'] },
        error: { code: 'invalid_input', message: 'include: No JavaScript module matches ["lib/missing.js"]' },
      },
    ],
    inputErrors: [
      {
        name: 'a runner agentd does not know',
        input: { include: ['lib/cart.js'], runner: 'ava' },
        message: '/runner must be equal to one of the allowed values',
      },
      { name: 'an empty include list', input: { include: [] }, message: '/include must NOT have fewer than 1 items' },
    ],
  });
});
