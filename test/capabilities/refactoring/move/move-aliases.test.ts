/**
 * refactoring.move keeps each importer's specifier style under tsconfig `paths` (fixture move-aliases:
 * "@/*" -> "src/*"): files that import the project through the alias get the alias for the moved name
 * (TypeScript alone wrote "../ops" in src/lib/deep/totals.ts), files that import relatively stay
 * relative, and the project type-checks. A JavaScript test outside the tsconfig project that imports the
 * sources is rewritten too (a move or rename that type-checks must not break the tests).
 */
import { expect } from 'chai';
import { copySample, type Sample } from '../ts-project/sample-workspace.js';

describe('capabilities/refactoring/move: import specifiers in the style of each file (paths aliases)', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('move-aliases');
  });
  afterEach(() => sample.dispose());

  it('alias importers get the alias, relative importers a relative path', async () => {
    await sample.apply('refactoring.move', { file: 'src/lib/math.ts', symbol: 'add', to: 'src/lib/ops.ts' });
    expect(await sample.read('src/lib/deep/totals.ts')).to.match(
      /^import \{ add \} from '@\/lib\/ops';\nimport \{ round \} from '\.\/round';\n/,
    );
    expect(await sample.read('src/app/pages/home.ts')).to.match(
      /^import \{ sub \} from '@\/lib\/math';\nimport \{ add \} from '@\/lib\/ops';\n/,
    );
    expect(await sample.read('src/report/monthly.ts')).to.match(/^import \{ add \} from '\.\.\/lib\/ops';\n/);
    await sample.typecheck();
  });

  it('rewrites the imports of a JavaScript test outside every tsconfig project, for a move and for a rename', async () => {
    await sample.apply('refactoring.move', { file: 'src/lib/math.ts', symbol: 'add', to: 'src/lib/ops.ts' });
    expect(await sample.read('test/math.test.js')).to.include(
      "import { sub } from '../src/lib/math.js';\nimport { add } from '../src/lib/ops.js';\n",
    );
    await sample.apply('refactoring.rename', { file: 'src/lib/math.ts', symbol: 'sub', newName: 'subtract' });
    const test = await sample.read('test/math.test.js');
    expect(test).to.include("import { subtract } from '../src/lib/math.js';");
    expect(test).to.include('assert.equal(subtract(3, 1), 2);');
  });
});
