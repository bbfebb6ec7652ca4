import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copySample, type Sample } from '../ts-project/sample-workspace.js';

// Found by the review proving ground on immer: a function that calls the lib method it is named after.
describe('capabilities/refactoring/rename: a function named like the lib method it calls', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('review-style');
    await writeFile(
      join(sample.root, 'src/frozen.ts'),
      'const O = Object;\n\nexport function isFrozen(value: object): boolean {\n  return O.isFrozen(value);\n}\n',
    );
  });
  afterEach(() => sample.dispose());

  it('renames the function, not the property access of the same name (no ambiguity with the lib method)', async () => {
    await sample.apply('refactoring.rename', { file: 'src/frozen.ts', symbol: 'isFrozen', newName: 'isDeepFrozen' });
    expect(await sample.read('src/frozen.ts')).to.equal(
      'const O = Object;\n\nexport function isDeepFrozen(value: object): boolean {\n  return O.isFrozen(value);\n}\n',
    );
    await sample.typecheck();
  });
});
