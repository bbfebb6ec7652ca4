/** analysis.complexity's tester suite: per-function metrics over their thresholds, on small projects run through the daemon's executor. */
import { CapabilityTester } from '../../../../core/tester/index.js';

const BRANCHY =
  'export function route(a: number, b: number, c: boolean) {\n  if (a > 1) {\n    if (b > 2) return 1;\n    else if (c) return 2;\n  }\n  for (let i = 0; i < a; i++) { if (i % 2) b++; }\n  return a && b ? 3 : 4;\n}\n';

describe('capabilities/analysis/complexity cases', function () {
  this.timeout(60_000);

  new CapabilityTester({ capability: 'analysis.complexity' }).run({
    valid: [
      {
        name: 'a straight-line function',
        files: { 'src/add.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n' },
      },
      { name: 'a branchy function under the default thresholds', files: { 'src/route.ts': BRANCHY } },
      { name: 'non-source files are not analysed', files: { 'README.md': '# x\n', 'data.json': '{"a": 1}\n' } },
    ],
    invalid: [
      {
        name: 'cyclomatic and cognitive complexity over lowered thresholds, at the function',
        files: { 'src/route.ts': BRANCHY },
        input: { thresholds: { cyclomatic: 3, cognitive: 3 } },
        findings: [
          {
            ruleId: 'complexity/cyclomatic',
            file: 'src/route.ts',
            line: 1,
            severity: 'medium',
            message: "Function 'route' has a cyclomatic complexity of 8 (threshold 3)",
          },
          {
            ruleId: 'complexity/cognitive',
            file: 'src/route.ts',
            line: 1,
            severity: 'medium',
            message: "Function 'route' has a cognitive complexity of 9 (threshold 3)",
          },
        ],
      },
      {
        name: 'a long parameter list over the params threshold, only that rule selected',
        files: { 'src/p.ts': 'export function p(a: number, b: number, c: number, d: number) {\n  return a + b + c + d;\n}\n' },
        input: { thresholds: { params: 2 } },
        ruleId: 'complexity/params',
        findings: [{ ruleId: 'complexity/params', file: 'src/p.ts', line: 1, message: "'p'" }],
      },
    ],
    inputErrors: [
      { name: 'a threshold below 1', input: { thresholds: { cyclomatic: 0 } }, message: '/thresholds/cyclomatic must be >= 1' },
      { name: 'an unknown threshold', input: { thresholds: { branches: 3 } }, message: 'must NOT have additional properties' },
    ],
  });
});
