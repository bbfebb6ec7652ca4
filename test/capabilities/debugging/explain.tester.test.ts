/** debugging.explain's tester suite: error text matched to the catalogue and tied to project lines, on the shop-api sample. */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CapabilityTester, type CaseOutcome } from '../../../core/tester/index.js';
import { fixturePath } from '../support/sample-runs.js';

const SHOP = fixturePath('debugging-samples', 'shop-api');
const CRASH = readFileSync(path.join(SHOP, 'captured-logs', 'report-crash.txt'), 'utf8');
const explanations = (outcome: CaseOutcome): { id: string }[] => (outcome.result!.data as { explanations: { id: string }[] }).explanations;

describe('debugging.explain cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'debugging.explain' }).run({
    valid: [
      {
        name: 'text no catalogue entry matches: no finding, said honestly',
        fixture: SHOP,
        input: { error: 'the widget looks a bit odd' },
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(/^No entry of the error catalogue matches/);
          expect(outcome.result!.data).to.deep.equal({ explanations: [], matched: false });
        },
      },
    ],
    invalid: [
      {
        name: 'a real Node crash log, tied to the project line the stack names first',
        fixture: SHOP,
        input: { error: CRASH },
        ruleId: 'debugging/runtime/read-property-of-undefined',
        findings: [{ ruleId: 'debugging/runtime/read-property-of-undefined', file: 'src/orders.ts', line: 16 }],
        check: (outcome) => expect(explanations(outcome)[0]!.id).to.equal('runtime/read-property-of-undefined'),
      },
      { name: 'no error given and no earlier step to take it from', fixture: SHOP, input: {}, error: 'invalid_input' },
    ],
    inputErrors: [{ name: 'an error that is not text', input: { error: 42 }, message: '/error must be string' }],
  });
});
