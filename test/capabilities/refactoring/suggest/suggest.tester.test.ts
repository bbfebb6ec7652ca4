/** refactoring.suggest's tester suite: suggestions from the analyses (in data), none for clean code, input schema. */
import { expect } from 'chai';
import { CapabilityTester, type CaseOutcome } from '../../../../core/tester/index.js';
import { TSCONFIG } from '../../support/small-projects.js';

const suggestions = (outcome: CaseOutcome): { title: string }[] =>
  (outcome.result!.data as { suggestions: { title: string }[] }).suggestions;

describe('capabilities/refactoring/suggest cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.suggest' }).run({
    valid: [
      {
        name: 'clean code: no suggestion',
        files: { 'tsconfig.json': TSCONFIG, 'src/a.ts': 'export function twice(x: number): number {\n  return x * 2;\n}\n' },
        check: (outcome) => expect(suggestions(outcome)).to.deep.equal([]),
      },
      {
        name: 'an unused import: one dead-code suggestion, nothing staged',
        files: {
          'tsconfig.json': TSCONFIG,
          'src/a.ts': "import { readFile } from 'node:fs';\nexport function twice(x: number): number {\n  return x * 2;\n}\n",
        },
        check: (outcome) => {
          expect(suggestions(outcome).map((s) => s.title)).to.deep.equal(['Remove dead code in src/a.ts']);
          expect(outcome.result!.summary).to.match(/^1 refactoring suggestion\(s\) for 1 files/);
        },
      },
    ],
    inputErrors: [{ name: 'an unknown option', input: { apply: true }, message: 'must NOT have additional properties' }],
  });
});
