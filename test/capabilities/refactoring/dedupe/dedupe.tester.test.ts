/** refactoring.dedupe's tester suite: refusals without a clone, input schema (the merge itself: dedupe.test.ts, from analysis.duplication's findings). */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { CALC, TSCONFIG } from '../../support/small-projects.js';

/** The same type and overloads declared in two modules (a clone analysis.duplication reports, zustand-like). */
const STORE =
  "type ReadonlyApi<T> = Pick<Map<string, T>, 'get' | 'has'>;\n\nexport function read<T>(api: ReadonlyApi<T>, key: string): T | undefined {\n  return api.get(key);\n}\n";

describe('capabilities/refactoring/dedupe cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.dedupe' }).run({
    invalid: [
      {
        name: 'no clone given and no earlier duplication step',
        files: CALC,
        error: { code: 'refactoring_refused', message: 'run analysis.duplication first or pass input.clone' },
      },
      {
        name: 'a clone made of declarations (a type, a function) is refused, naming the first',
        files: { 'tsconfig.json': TSCONFIG, 'src/a.ts': STORE, 'src/b.ts': STORE },
        input: { clone: { a: { file: 'src/a.ts', startLine: 1, endLine: 5 }, b: { file: 'src/b.ts', startLine: 1, endLine: 5 } } },
        error: { code: 'refactoring_refused', message: /hold the type declaration "ReadonlyApi" at line 1; dedupe merges statements/ },
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
