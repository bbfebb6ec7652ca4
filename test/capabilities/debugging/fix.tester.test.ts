/**
 * debugging.fix's tester suite: a misspelling fixed and a possibly-undefined value refused with its
 * reason, the refusal on a project that type-checks, input schema. Tiny in-memory projects (lib es2022
 * only, no DOM) keep the in-process type-check short. There is no `valid` case: a project with no type
 * error is refused (`fix_refused`, "the type-check passes"), never a success without changes.
 */
import { CapabilityTester } from '../../../core/tester/index.js';

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['es2022'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['src'],
});
const STATS =
  'export function average(values: number[]): number {\n  if (values.lenght === 0) return 0;\n  return values.reduce((a, b) => a + b, 0) / values.length;\n}\n';
const LOOKUP =
  "const names = new Map<string, string>([['a', 'Ann']]);\n\nexport function nameOf(id: string): number {\n  const found = names.get(id);\n  return found.length;\n}\n";

describe('debugging.fix cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'debugging.fix' }).run({
    invalid: [
      {
        name: "a misspelt property fixed ('lenght' -> 'length'); a possibly-undefined value refused with the reason",
        files: { 'tsconfig.json': TSCONFIG, 'src/stats.ts': STATS, 'src/lookup.ts': LOOKUP },
        changes: { 'src/stats.ts': STATS.replace('values.lenght', 'values.length') },
        findings: [
          {
            ruleId: 'debugging/fix-refused',
            severity: 'info',
            file: 'src/lookup.ts',
            line: 5,
            message: /TS18048 not fixed: a possibly-undefined value needs a decision/,
          },
        ],
      },
      {
        name: 'a project that type-checks: nothing to fix, refused',
        files: { 'tsconfig.json': TSCONFIG, 'src/a.ts': 'export const a: number = 1;\n' },
        error: { code: 'fix_refused', message: 'the type-check passes, so there is no type error to fix' },
      },
      {
        name: 'no tsconfig.json',
        files: { 'src/a.js': 'module.exports = 1;\n' },
        error: { code: 'fix_refused', message: 'found no tsconfig.json' },
      },
    ],
    inputErrors: [
      { name: 'maxFixes 0', input: { maxFixes: 0 }, message: '/maxFixes must be >= 1' },
      { name: 'an unknown option', input: { dryRun: true }, message: 'must NOT have additional properties' },
    ],
  });
});
