import { expect } from 'chai';
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copySample, type Sample } from '../ts-project/sample-workspace.js';

// On the move-imports sample, with a module holding one declaration (src/only.ts) added by each test.
describe('capabilities/refactoring/move: the emptied source module', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('move-imports');
    await writeFile(
      join(sample.root, 'src/only.ts'),
      "/** One helper. */\nimport type { Unit } from './units.js';\n\nexport function isMetric(unit: Unit): boolean {\n  return unit !== 'mi';\n}\n",
    );
    await writeFile(
      join(sample.root, 'src/uses-only.ts'),
      "import { isMetric } from './only.js';\n\nexport const metric: boolean = isMetric('m');\n",
    );
  });
  afterEach(() => sample.dispose());

  const exists = (rel: string): Promise<boolean> =>
    access(join(sample.root, rel)).then(
      () => true,
      () => false,
    );

  it('deletes a source module the move left empty, and its importers import from the target', async () => {
    const { result, changes } = await sample.apply('refactoring.move', { file: 'src/only.ts', symbol: 'isMetric', to: 'src/label.ts' });
    expect(await exists('src/only.ts')).to.equal(false);
    expect(changes.find((c) => c.path === 'src/only.ts')?.after).to.equal(null);
    expect(await sample.read('src/uses-only.ts')).to.contain("import { isMetric } from './label.js';");
    expect(result.summary).to.contain('"src/only.ts" had nothing left and was deleted.');
    expect((result.data as { emptiedSource: unknown }).emptiedSource).to.deep.equal({ outcome: 'deleted' });
    await sample.typecheck();
  });

  it('keeps a re-export when the source is a public entry point of the package, and says which', async () => {
    await writeFile(
      join(sample.root, 'package.json'),
      JSON.stringify({
        name: 'move-imports-sample',
        private: true,
        type: 'module',
        exports: { '.': './dist/index.js', './only': './dist/only.js' },
      }),
    );
    const { result } = await sample.apply('refactoring.move', { file: 'src/only.ts', symbol: 'isMetric', to: 'src/label.ts' });
    expect(await sample.read('src/only.ts')).to.equal("/** One helper. */\nexport { isMetric } from './label.js';\n");
    expect(result.summary).to.contain(
      '"src/only.ts" had nothing left but is a public entry point of the package (package.json exports: "./dist/only.js"), so it keeps "isMetric" as a re-export from "src/label.ts".',
    );
    await sample.typecheck();
  });

  it('keeps a re-export when a tsconfig names the source in its files list (a build entry point)', async () => {
    await writeFile(
      join(sample.root, 'tsconfig.build.json'),
      '{ "extends": "./tsconfig.json", "files": ["src/only.ts", "src/uses-only.ts"] }\n',
    );
    const { result } = await sample.apply('refactoring.move', { file: 'src/only.ts', symbol: 'isMetric', to: 'src/label.ts' });
    expect(await sample.read('src/only.ts')).to.equal("/** One helper. */\nexport { isMetric } from './label.js';\n");
    expect(result.summary).to.contain('public entry point of the package (tsconfig.build.json files: "src/only.ts")');
    await sample.typecheck();
  });

  it('keeps a module something still imports for its side effects', async () => {
    await writeFile(join(sample.root, 'src/side.ts'), "import './only.js';\n\nexport const loaded = true;\n");
    const { result } = await sample.apply('refactoring.move', { file: 'src/only.ts', symbol: 'isMetric', to: 'src/label.ts' });
    expect(await exists('src/only.ts')).to.equal(true);
    expect(result.summary).to.contain('"src/only.ts" has nothing left but is still imported by src/side.ts, so it was kept.');
    await sample.typecheck();
  });
});
