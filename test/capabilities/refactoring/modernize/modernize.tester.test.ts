/** refactoring.modernize's tester suite: codemods on old-style code, nothing on modern code, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';

describe('capabilities/refactoring/modernize cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'refactoring.modernize' }).run({
    valid: [
      { name: 'modern code changes nothing', files: { 'src/a.ts': "const name = 'x';\nexport const greeting = `Hello ${name}!`;\n" } },
    ],
    invalid: [
      {
        name: 'var to const and concatenation to a template literal',
        files: { 'src/a.js': "var name = 'x';\nvar greeting = 'Hello ' + name + '!';\nmodule.exports = { greeting: greeting };\n" },
        changes: { 'src/a.js': "const name = 'x';\nconst greeting = `Hello ${name}!`;\nmodule.exports = { greeting: greeting };\n" },
        check: (outcome) => {
          if (!/var-to-let-const 2, concat-to-template 2/.test(outcome.result!.summary))
            throw new Error(`summary: ${outcome.result!.summary}`);
        },
      },
    ],
    inputErrors: [
      {
        name: 'an unknown codemod',
        input: { codemods: ['make-it-better'] },
        message: '/codemods/0 must be equal to one of the allowed values',
      },
    ],
  });
});
