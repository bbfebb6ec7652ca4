/** refactoring.verify's tester suite: what it runs with and without the project-code permission, input schema. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../../core/tester/index.js';
import { CALC } from '../../support/small-projects.js';

describe('capabilities/refactoring/verify cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.verify' }).run({
    valid: [
      {
        name: 'without the permission: agentd type-checks, the tests are listed as not run',
        files: CALC,
        check: (outcome) =>
          expect(outcome.result!.summary)
            .to.include("typecheck (agentd's TypeScript API on tsconfig.json) passes")
            .and.include('Not run: tests'),
      },
      {
        name: 'with the permission: tsc on the project',
        files: CALC,
        projectCode: true,
        input: { checks: ['typecheck'] },
        check: (outcome) =>
          expect(outcome.result!.summary).to.equal('Verified 0 staged change(s): typecheck (tsc --noEmit -p tsconfig.json) passes.'),
      },
    ],
    invalid: [
      {
        name: 'a staged change that breaks the types',
        files: CALC,
        staged: [{ path: 'src/calc.ts', content: 'export function total(prices: number[]): number {\n  return prices.join(",");\n}\n' }],
        input: { checks: ['typecheck'] },
        error: 'verification_failed',
      },
    ],
    inputErrors: [
      { name: 'an unknown check', input: { checks: ['lint'] }, message: '/checks/0 must be equal to one of the allowed values' },
    ],
  });
});
