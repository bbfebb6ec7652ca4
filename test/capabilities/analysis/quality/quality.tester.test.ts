/**
 * analysis.quality's tester suite: the score composes the other analyses' findings (complexity, smells,
 * naming, ...), so a case states which of theirs come out, and the score in data.
 */
import { expect } from 'chai';
import { CapabilityTester, type CaseOutcome } from '../../../../core/tester/index.js';

const overall = (outcome: CaseOutcome): { score: number; grade: string } =>
  (outcome.result!.data as { overall: { score: number; grade: string } }).overall;

describe('capabilities/analysis/quality cases', function () {
  this.timeout(60_000);

  new CapabilityTester({ capability: 'analysis.quality' }).run({
    valid: [
      {
        name: 'a used, well-named function scores A',
        files: {
          'src/add.ts': 'export const add = (left: number, right: number): number => left + right;\n',
          'src/main.ts': "import { add } from './add.js';\nconsole.log(add(1, 2));\n",
        },
        check: (outcome) => expect(overall(outcome)).to.deep.include({ score: 100, grade: 'A', findings: 0 }),
      },
    ],
    invalid: [
      {
        name: 'an unused export is a smells finding of the score',
        files: { 'src/add.ts': 'export const add = (left: number, right: number): number => left + right;\n' },
        findings: [{ ruleId: 'smells/unused-export', file: 'src/add.ts', line: 1, severity: 'low', message: "Export 'add'" }],
        check: (outcome) => expect(overall(outcome).score).to.be.below(100),
      },
      {
        name: 'single-letter names and a boolean flag: naming and smells findings, a lower grade',
        files: {
          'src/f.ts': 'export function f(a: number, b: boolean) {\n  return b ? a : -a;\n}\n',
          'src/main.ts': "import { f } from './f.js';\nconsole.log(f(1, true));\n",
        },
        findings: [
          { ruleId: 'smells/boolean-flag-parameter', file: 'src/f.ts', line: 1 },
          { ruleId: 'naming/meaningless', file: 'src/f.ts', line: 1, message: "Function name 'f'" },
          { ruleId: 'naming/meaningless', file: 'src/f.ts', line: 1, message: "Parameter name 'a'" },
          { ruleId: 'naming/meaningless', file: 'src/f.ts', line: 1, message: "Parameter name 'b'" },
        ],
        check: (outcome) => expect(overall(outcome).grade).to.not.equal('A'),
      },
    ],
    inputErrors: [
      { name: 'a negative top', input: { top: -1 }, message: '/top must be >= 0' },
      { name: 'a weight for an unknown component', input: { weights: { style: 1 } }, message: 'must NOT have additional properties' },
    ],
  });
});
