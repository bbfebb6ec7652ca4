/** documentation.inline's tester suite: a doc comment derived from the code (@param, @returns, @throws), existing comments kept, nothing to add, refusal, input schema. */
import { expect } from 'chai';
import { CapabilityTester } from '../../../../core/tester/index.js';

const DOCUMENTED = '/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n';
const HALF = "export function half(value: number): number {\n  if (value < 0) throw new RangeError('negative');\n  return value / 2;\n}\n";
const HALF_DOC =
  '/**\n * Returns the half.\n *\n * @param value - The value.\n * @returns The half.\n * @throws {@link RangeError} If `value < 0`.\n */\n';

describe('capabilities/documentation/inline cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'documentation.inline' }).run({
    valid: [
      {
        name: 'every export already has a doc comment: nothing to add, said so',
        files: { 'src/index.ts': DOCUMENTED },
        check: (outcome) =>
          expect(outcome.result!.summary).to.equal('Every exported declaration in 1 file(s) already has a doc comment; nothing to add.'),
      },
    ],
    invalid: [
      {
        name: 'the undocumented export gets @param, @returns and @throws with its guard; the existing comment is kept',
        files: { 'src/index.ts': `${DOCUMENTED}\n${HALF}` },
        changes: { 'src/index.ts': `${DOCUMENTED}\n${HALF_DOC}${HALF}` },
        check: (outcome) => expect(outcome.result!.summary).to.match(/^Added 1 doc comment\(s\) in 1 file\(s\)\./),
      },
      {
        name: 'a selection with no source file',
        files: { 'src/index.ts': HALF },
        input: { include: ['nothing/**'] },
        error: 'documentation_refused',
      },
    ],
    inputErrors: [
      { name: 'an empty symbol', input: { symbol: '' }, message: '/symbol must NOT have fewer than 1 characters' },
      { name: 'an unknown option', input: { style: 'jsdoc' }, message: 'must NOT have additional properties' },
    ],
  });
});
