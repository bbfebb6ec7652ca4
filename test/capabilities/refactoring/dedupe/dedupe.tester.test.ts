/** refactoring.dedupe's tester suite: refusals without a clone, input schema (the merge itself: dedupe.test.ts, from analysis.duplication's findings). */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { CALC } from '../../support/small-projects.js';

describe('capabilities/refactoring/dedupe cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.dedupe' }).run({
    invalid: [
      {
        name: 'no clone given and no earlier duplication step',
        files: CALC,
        error: { code: 'refactoring_refused', message: 'run analysis.duplication first or pass input.clone' },
      },
    ],
    inputErrors: [
      {
        name: 'a clone side without its file',
        input: { clone: { a: { startLine: 1, endLine: 2 }, b: { file: 'a.ts', startLine: 3, endLine: 4 } } },
        message: "must have required property 'file'",
      },
    ],
  });
});
