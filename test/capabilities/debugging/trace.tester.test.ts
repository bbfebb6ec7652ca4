/** debugging.trace's tester suite: the callers of a function back to an entry point, on the debugging samples. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath } from '../support/sample-runs.js';

const SHOP = fixturePath('debugging-samples', 'shop-api');
const TYPED = fixturePath('debugging-samples', 'type-errors');

describe('debugging.trace cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'debugging.trace' }).run({
    valid: [
      {
        name: 'a function nothing calls (an unimported use is no call)',
        fixture: TYPED,
        input: { symbol: 'formatPrice' },
        check: (outcome) => expect(outcome.result!.summary).to.match(/^No calls of formatPrice \(src\/format\.ts:2\)/),
      },
    ],
    invalid: [
      {
        name: 'the path from the entry point to the function, one finding',
        fixture: SHOP,
        input: { symbol: 'orderTotal' },
        findings: [{}],
        check: (outcome) => {
          const data = outcome.result!.data as { declaration: unknown; paths: string[] };
          expect(data.declaration).to.deep.equal({ file: 'src/orders.ts', line: 14 });
          expect(data.paths).to.deep.equal([
            '<module src/main.ts> (src/main.ts:5) → report (src/report.ts:9) → describeOrder (src/orders.ts:20) → orderTotal',
          ]);
        },
      },
      {
        name: 'an unknown name, with the close ones',
        fixture: SHOP,
        input: { symbol: 'ordrTotal' },
        error: { code: 'invalid_input', message: 'did you mean "orderTotal"' },
      },
    ],
    inputErrors: [{ name: 'no symbol', input: {}, message: "must have required property 'symbol'" }],
  });
});
