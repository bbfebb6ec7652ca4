import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copySample, type Sample } from '../ts-project/sample-workspace.js';

describe('capabilities/refactoring/move', function () {
  this.timeout(60_000);
  let sample: Sample;
  beforeEach(async () => {
    sample = await copySample('geometry');
  });
  afterEach(() => sample.dispose());

  describe('moves and the project still type-checks', () => {
    it('to a new module: carries its imports and comments byte for byte, rewrites importers and re-exports', async () => {
      const shapes = await sample.read('src/shapes.ts');
      const { result } = await sample.apply('refactoring.move', {
        file: 'src/shapes.ts',
        symbol: 'perimeter',
        to: 'src/measure/perimeter.ts',
      });
      const moved = await sample.read('src/measure/perimeter.ts');
      const original = shapes.slice(shapes.indexOf('// Sum of the sides'), shapes.indexOf('export function area'));
      expect(moved).to.contain(original.trimEnd());
      expect(moved, "the source module's header comment stays with the source").not.to.contain('Plane shapes');
      expect(moved).to.match(/import \{ (distance, (type )?Point|(type )?Point, distance) \} from '\.\.\/shapes\.js';/);
      expect(await sample.read('src/shapes.ts')).to.equal(shapes.replace(original, ''));
      expect(await sample.read('src/index.ts')).to.contain(
        "export { distance } from './shapes.js';\nexport { perimeter } from './measure/perimeter.js';",
      );
      expect(result.summary).to.match(/Moved "perimeter" from "src\/shapes\.ts" to "src\/measure\/perimeter\.ts" \(created\)/);
      expect(result.summary).not.to.match(/cycle/);
      await sample.typecheck();
    });

    it('into an existing module: the imports it needs are carried, importers and re-exports follow', async () => {
      await sample.apply('refactoring.move', { file: 'src/shapes.ts', symbol: 'distance', to: 'src/lib/format.ts' });
      const moved = await sample.read('src/lib/format.ts');
      expect(moved).to.match(/^import \{ round \} from '\.\.\/math\.js';\n/);
      expect(moved).to.contain("export const unit = 'm';");
      expect(await sample.read('src/index.ts')).to.contain(
        "export { perimeter } from './shapes.js';\nexport { distance } from './lib/format.js';",
      );
      await sample.typecheck();
    });

    it("a function that uses a dependency import: the import is carried, the source module's header comment is not", async () => {
      const paths =
        "/** Path helpers for the sample. */\nimport path from 'node:path';\n\nexport function joinAll(parts: string[]): string {\n  return path.join(...parts);\n}\n";
      await writeFile(join(sample.root, 'src/paths.ts'), paths);
      await sample.apply('refactoring.move', { file: 'src/paths.ts', symbol: 'joinAll', to: 'src/lib/format.ts' });
      const format = await sample.read('src/lib/format.ts');
      expect(format).to.match(/^import path from 'node:path';\n/);
      expect(format).not.to.contain('Path helpers');
      // Nothing but its header comment was left: the emptied module is deleted (move-emptied.test.ts).
      expect(
        await sample.read('src/paths.ts').then(
          () => 'exists',
          () => 'deleted',
        ),
      ).to.equal('deleted');
    });

    it('into the module its types come from: no self-import in the target, and the import back turns the type-only import into a mixed one', async () => {
      await writeFile(join(sample.root, 'src/style.ts'), 'export interface Style {\n  digits: number;\n}\n');
      const pretty =
        "import type { Style } from './style.js';\n\nexport function pretty(value: number, style: Style): string {\n  return value.toFixed(style.digits);\n}\n\nexport function prettyAll(values: number[], style: Style): string[] {\n  return values.map((v) => pretty(v, style));\n}\n";
      await writeFile(join(sample.root, 'src/pretty.ts'), pretty);
      await sample.apply('refactoring.move', { file: 'src/pretty.ts', symbol: 'pretty', to: 'src/style.ts' });
      const style = await sample.read('src/style.ts');
      expect(style).not.to.match(/from '\.\/style\.js'/);
      expect(style).to.match(/^export interface Style \{\n/);
      expect(style).to.contain('export function pretty(value: number, style: Style): string {');
      expect(await sample.read('src/pretty.ts')).to.match(/^import \{ pretty, type Style \} from '\.\/style\.js';\n/);
      await sample.typecheck();
    });

    it('an interface: type-only re-exports and importers follow it', async () => {
      await sample.apply('refactoring.move', { file: 'src/shapes.ts', symbol: 'Point', to: 'src/point.ts' });
      expect(await sample.read('src/point.ts')).to.contain('export interface Point {\n  x: number;\n  y: number;\n}');
      expect(await sample.read('src/index.ts')).to.contain("export type { Point } from './point.js';");
      expect(await sample.read('src/report.ts')).to.contain("from './point.js'");
      await sample.typecheck();
    });

    it('a function re-exported through export *: the star-exporting module gets an explicit re-export', async () => {
      await sample.apply('refactoring.move', { file: 'src/math.ts', symbol: 'clamp', to: 'src/clamp.ts' });
      expect(await sample.read('src/math.ts')).not.to.contain('clamp');
      expect(await sample.read('src/index.ts')).to.contain("export * from './math.js';\nexport { clamp } from './clamp.js';");
      await sample.typecheck();
    });

    it('into an existing module that the source imports: the source imports it back, and the new cycle is reported', async () => {
      const { result, logs } = await sample.apply('refactoring.move', { file: 'src/shapes.ts', symbol: 'distance', to: 'src/math.ts' });
      const math = await sample.read('src/math.ts');
      expect(math).not.to.contain('Plane shapes');
      expect(math).to.contain(
        '/** Distance between two points, rounded. */\nexport function distance(a: Point, b: Point = ORIGIN): number {\n  const dx = a.x - b.x;   // horizontal',
      );
      expect(await sample.read('src/shapes.ts')).to.match(/import \{ [^}]*distance[^}]* \} from '\.\/math\.js';/);
      expect(await sample.read('src/shapes.ts')).to.contain('export const ORIGIN: Point');
      expect(result.summary).to.match(/Warning: the move introduces an import cycle \(src\/math\.ts <-> src\/shapes\.ts\)/);
      expect(logs.some((line) => line.startsWith('warn: ') && line.includes('import cycle'))).to.equal(true);
      await sample.typecheck();
    });
  });

  describe('into a module that imports it from the source', () => {
    it('drops that import (the header comment stays), re-exports follow, and nothing imports it back', async () => {
      const shapes = await sample.read('src/shapes.ts');
      const math = await sample.read('src/math.ts');
      const { result } = await sample.apply('refactoring.move', { file: 'src/math.ts', symbol: 'round', to: 'src/shapes.ts' });
      expect(await sample.read('src/shapes.ts')).to.equal(
        `${shapes.replace("import { round } from './math.js';\n", '')}\n${math.slice(0, math.indexOf('export function clamp') - 1)}`,
      );
      expect(await sample.read('src/math.ts')).to.equal(math.slice(math.indexOf('export function clamp')));
      expect(await sample.read('src/index.ts')).to.contain("export * from './math.js';\nexport { round } from './shapes.js';");
      expect(result.summary).to.contain('"src/shapes.ts" no longer imports it from "src/math.ts"');
      expect(result.summary).not.to.match(/cycle/);
      await sample.typecheck();
    });
  });

  describe('refuses, saying why', () => {
    const cases: { name: string; input: object; reason: RegExp }[] = [
      {
        name: 'a declaration that is not top-level',
        input: { file: 'src/shapes.ts', symbol: 'cross', to: 'src/cross.ts' },
        reason: /not a top-level declaration.*src\/shapes\.ts:26/,
      },
      {
        name: 'a target that already declares the name',
        input: { file: 'src/shapes.ts', symbol: 'distance', to: 'src/lib/units.ts' },
        reason: /already declares "distance" at src\/lib\/units\.ts:1/,
      },
      { name: 'a default export', input: { file: 'src/shapes.ts', symbol: 'describe', to: 'src/describe.ts' }, reason: /default export/ },
      {
        name: 'one of several names in one statement',
        input: { file: 'src/shapes.ts', symbol: 'UNIT', to: 'src/units.ts' },
        reason: /declared together with "HALF"/,
      },
      {
        name: 'an unknown name, with a did-you-mean',
        input: { file: 'src/shapes.ts', symbol: 'distanse', to: 'src/d.ts' },
        reason: /no top-level declaration named "distanse".*Did you mean "distance"/,
      },
      {
        name: 'a target outside the workspace',
        input: { file: 'src/shapes.ts', symbol: 'area', to: '../area.ts' },
        reason: /leaves the workspace/,
      },
      {
        name: 'a target of another kind of module',
        input: { file: 'src/shapes.ts', symbol: 'area', to: 'src/area.js' },
        reason: /not the same kind of module/,
      },
    ];
    for (const { name, input, reason } of cases) {
      it(name, async () => {
        const refusal = await sample.refusal('refactoring.move', input);
        expect(refusal.code).to.equal('refactoring_refused');
        expect(refusal.message).to.match(reason);
      });
    }
  });
});
