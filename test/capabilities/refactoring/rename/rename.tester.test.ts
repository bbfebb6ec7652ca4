/** refactoring.rename's tester suite: every reference renamed, refusals, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { MONEY } from '../../support/small-projects.js';

describe('capabilities/refactoring/rename cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.rename' }).run({
    invalid: [
      {
        name: 'an exported function: its declaration and the importer',
        files: MONEY,
        input: { symbol: 'formatPrice', newName: 'formatMoney' },
        findings: [],
        changes: {
          'src/money.ts': 'export function formatMoney(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\n',
          'src/cart.ts':
            "import { formatMoney } from './money.js';\n\nexport const label = (cents: number): string => `Total ${formatMoney(cents)}`;\n",
        },
      },
      {
        name: 'an unknown symbol, with a did-you-mean',
        files: MONEY,
        input: { symbol: 'formatPrise', newName: 'x' },
        error: { code: 'refactoring_refused', message: 'Did you mean "formatPrice"' },
      },
      {
        name: 'an invalid identifier',
        files: MONEY,
        input: { symbol: 'formatPrice', newName: '2fast' },
        error: { code: 'refactoring_refused', message: 'not a valid identifier' },
      },
    ],
    inputErrors: [
      { name: 'line is not an integer', input: { symbol: 'a', newName: 'b', line: 'one' }, message: '/line must be integer' },
      { name: 'an unknown option', input: { symbol: 'a', to: 'b' }, message: 'must NOT have additional properties' },
    ],
  });
});
