/** debugging.typecheck's tester suite: a clean project, a type error as a finding, no tsconfig, input schema. Tiny in-memory projects (lib es2022 only) keep the in-process type-check short. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../core/tester/index.js';

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: 'ES2022', lib: ['es2022'], strict: true, noEmit: true, skipLibCheck: true, types: [] },
  include: ['src'],
});

describe('debugging.typecheck cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'debugging.typecheck' }).run({
    valid: [
      {
        name: 'a project that type-checks: no finding',
        files: { 'tsconfig.json': TSCONFIG, 'src/a.ts': 'export const a: number = 1;\n' },
        check: (outcome) =>
          expect(outcome.result!.summary).to.equal('Type-check passed: no errors in 1 tsconfig project(s) (tsconfig.json).'),
      },
    ],
    invalid: [
      {
        name: 'a string assigned to a number and a name never declared',
        files: {
          'tsconfig.json': TSCONFIG,
          'src/a.ts': "export const a: number = 'one';\n",
          'src/b.ts': 'export const b = 1;\nexport const c = missing;\n',
        },
        findings: [
          {
            ruleId: 'typescript/TS2322',
            severity: 'high',
            file: 'src/a.ts',
            line: 1,
            message: "Type 'string' is not assignable to type 'number'.",
          },
          { ruleId: 'typescript/TS2304', severity: 'high', file: 'src/b.ts', line: 2, message: "Cannot find name 'missing'." },
        ],
        check: (outcome) => expect(outcome.result!.data).to.deep.include({ passed: false, errors: 2 }),
      },
      { name: 'no tsconfig in the workspace', files: { 'a.js': 'module.exports = 1;\n' }, error: 'invalid_input' },
    ],
    inputErrors: [
      { name: 'maxDiagnostics 0', input: { maxDiagnostics: 0 }, message: '/maxDiagnostics must be >= 1' },
      { name: 'a config that is not a path', input: { tsconfig: [''] }, message: '/tsconfig/0 must NOT have fewer than 1 characters' },
    ],
  });
});
