/** refactoring.move's tester suite: a declaration moved with its importers updated, refusals, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { MONEY } from '../../support/small-projects.js';

const WITH_TARGET = { ...MONEY, 'src/format.ts': 'export const currency = "EUR";\n' };

describe('capabilities/refactoring/move cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.move' }).run({
    invalid: [
      {
        name: 'a function into another module: the emptied source is deleted, the importer follows',
        files: WITH_TARGET,
        input: { file: 'src/money.ts', symbol: 'formatPrice', to: 'src/format.ts' },
        changes: {
          'src/money.ts': null,
          'src/cart.ts':
            'import { formatPrice } from "./format.js";\n\nexport const label = (cents: number): string => `Total ${formatPrice(cents)}`;\n',
          'src/format.ts':
            'export const currency = "EUR";\n\nexport function formatPrice(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\n',
        },
      },
      {
        name: 'a symbol the file does not declare',
        files: WITH_TARGET,
        input: { file: 'src/money.ts', symbol: 'parsePrice', to: 'src/format.ts' },
        error: 'refactoring_refused',
      },
    ],
    inputErrors: [
      { name: 'no target', input: { file: 'src/money.ts', symbol: 'formatPrice' }, message: "must have required property 'to'" },
    ],
  });
});
