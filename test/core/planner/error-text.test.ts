import { expect } from 'chai';
import { findPastedError } from '../../../core/planner/error-text.js';

describe('core/planner: pasted errors', () => {
  it('splits a stack trace from the question, keeping project frames only', () => {
    const error = findPastedError(
      `why?\nTypeError: Cannot read properties of undefined (reading 'x')\n    at f (src/a.ts:3:7)\n    at g (node_modules/lib/index.js:1:1)`,
    )!;
    expect(error.kind).to.equal('stack');
    expect(error.name).to.equal('TypeError');
    expect(error.locations).to.deep.equal([{ path: 'src/a.ts', line: 3, column: 7 }]);
    expect(error.instruction).to.equal('why?');
  });

  it('recognises tsc output with its location before the code', () => {
    const error = findPastedError("fix this: src/lib/validate.ts(12,5): error TS2345: Argument of type 'string' is not assignable.")!;
    expect(error.kind).to.equal('typescript');
    expect(error.name).to.equal('TS2345');
    expect(error.locations).to.deep.equal([{ path: 'src/lib/validate.ts', line: 12, column: 5 }]);
    expect(error.instruction).to.equal('fix this:');
  });

  it('moves an instruction written after the error on its line back to the instruction', () => {
    const error = findPastedError('I get ReferenceError: order is not defined at src/routes/orders.ts:30:7, please fix it')!;
    expect(error.text).to.equal('ReferenceError: order is not defined at src/routes/orders.ts:30:7');
    expect(error.instruction).to.equal('I get please fix it');
  });

  it('recognises well-known messages without an error name', () => {
    expect(findPastedError("explain Cannot find module './db'")?.kind).to.equal('runtime');
  });

  it('finds no error in an ordinary task, even one about error handling', () => {
    expect(findPastedError('improve the error handling in src/app.ts')).to.equal(null);
    expect(findPastedError('Error handling in the routes')).to.equal(null);
  });
});
