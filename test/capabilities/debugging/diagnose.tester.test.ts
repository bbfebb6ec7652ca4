/** debugging.diagnose's tester suite: a Node crash mapped through lib/'s source map, tsc output, an error naming no project file, input schema; on the shop-api sample. */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath } from '../support/sample-runs.js';

const SHOP = fixturePath('debugging-samples', 'shop-api');
const CRASH = readFileSync(path.join(SHOP, 'captured-logs', 'report-crash.txt'), 'utf8');

describe('debugging.diagnose cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'debugging.diagnose' }).run({
    valid: [
      {
        name: 'an error that names no file of the project: no finding, said honestly',
        fixture: SHOP,
        input: { error: 'Error: listen EADDRINUSE: address already in use :::3000' },
        check: (outcome) => {
          expect(outcome.result!.summary).to.include('(no location of this project in the error)');
          expect(outcome.result!.data).to.deep.include({ category: 'network', location: null });
        },
      },
    ],
    invalid: [
      {
        name: 'a Node crash in the built lib/orders.js, mapped to the TypeScript line',
        fixture: SHOP,
        input: { error: CRASH },
        ruleId: 'debugging/null-access',
        findings: [
          {
            ruleId: 'debugging/null-access',
            severity: 'high',
            file: 'src/orders.ts',
            line: 16,
            message: "Cannot read properties of undefined (reading 'reduce')",
          },
        ],
        check: (outcome) =>
          expect((outcome.result!.data as { location: unknown }).location).to.deep.equal({
            file: 'src/orders.ts',
            line: 16,
            column: 23,
            generated: { file: 'lib/orders.js', line: 4, column: 24 },
          }),
      },
      {
        name: 'tsc output: the location and the close name the project declares',
        fixture: SHOP,
        input: { error: "src/report.ts(9,16): error TS2552: Cannot find name 'describeOrdr'. Did you mean 'describeOrder'?" },
        findings: [
          { ruleId: 'debugging/undefined-name', file: 'src/report.ts', line: 9, message: 'describeOrdr' },
          { ruleId: 'debugging/suspect-similar-name', file: 'src/orders.ts', line: 19 },
        ],
      },
      {
        name: 'no error and a symbol the project does not declare',
        fixture: SHOP,
        input: { description: 'why does nothingLikeThis throw?', symbol: 'nothingLikeThis' },
        error: { code: 'invalid_input', message: 'no function named "nothingLikeThis"' },
      },
    ],
    inputErrors: [
      { name: 'an empty error', input: { error: '' }, message: '/error must NOT have fewer than 1 characters' },
      { name: 'line 0', input: { error: 'x', line: 0 }, message: '/line must be >= 1' },
    ],
  });
});
