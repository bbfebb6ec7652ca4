import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copySample, type Sample } from '../ts-project/sample-workspace.js';

// The move-imports sample: units.ts (types, a class, functions), importers by name, by namespace and
// through `export *`, a target that already imports what moves; verbatimModuleSyntax on, so tsc
// rejects a type imported as a value.
describe('capabilities/refactoring/move: imports, type-only imports, layout, cycles, namespaces', function () {
  this.timeout(60_000);
  let sample: Sample;
  let units: string;
  beforeEach(async () => {
    sample = await copySample('move-imports');
    units = await sample.read('src/units.ts');
  });
  afterEach(() => sample.dispose());

  const block = (text: string, from: string, to: string): string => text.slice(text.indexOf(from), text.indexOf(to));

  describe('a target that already imports the moved name from the source', () => {
    it('drops that import; the source, which still uses the name, imports it back, and the new cycle is a warning', async () => {
      const { result, logs } = await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'toMetres', to: 'src/convert.ts' });
      const convert = await sample.read('src/convert.ts');
      expect(convert).to.match(/^import \{ factorOf, fromMetres, type Unit \} from '\.\/units\.js';\n\n/);
      expect(convert).to.contain(
        '}\n\nexport function toMetres(value: number, unit: Unit): number {\n  return value * factorOf(unit);\n}\n',
      );
      const after = await sample.read('src/units.ts');
      expect(after).to.contain(
        "/** Length units and conversions. */\nimport { toMetres } from './convert.js';\nimport type { Reading } from './reading.js';\n",
      );
      expect(after).not.to.contain('export function toMetres');
      expect(result.summary).to.contain('"src/convert.ts" no longer imports it from "src/units.ts"');
      expect(result.summary).to.match(/Warning: the move introduces an import cycle \(src\/convert\.ts <-> src\/units\.ts\)/);
      expect((result.data as { newCycles: string[][] }).newCycles).to.deep.equal([['src/convert.ts', 'src/units.ts']]);
      expect(logs.some((line) => line.startsWith('warn: ') && line.includes('import cycle'))).to.equal(true);
      await sample.typecheck();
    });

    it("when the source no longer uses it: no import back and no cycle; the target's aliased re-export becomes a local one", async () => {
      const { result } = await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'describeUnit', to: 'src/label.ts' });
      const label = await sample.read('src/label.ts');
      expect(label).to.match(/^import type \{ Unit \} from '\.\/units\.js';\n\nexport function describeUnit\(unit: Unit\): string \{/);
      expect(label).to.contain('export { describeUnit as unitName };');
      expect(label).not.to.match(/from '\.\/label\.js'/);
      // The declaration and the blank line after it go; every other line stays byte for byte.
      expect(await sample.read('src/units.ts')).to.equal(
        units.replace(`${block(units, 'export function describeUnit', 'export function normalise')}`, ''),
      );
      expect(result.summary).not.to.match(/cycle/);
      expect((result.data as { newCycles: string[][] }).newCycles).to.deep.equal([]);
      await sample.typecheck();
    });

    it("a dependency's type the service cannot resolve joins the target's import of that package", async () => {
      await mkdir(join(sample.root, 'node_modules/units-dep'), { recursive: true });
      await writeFile(join(sample.root, 'node_modules/units-dep/package.json'), '{ "name": "units-dep", "types": "index.d.ts" }\n');
      await writeFile(
        join(sample.root, 'node_modules/units-dep/index.d.ts'),
        'export interface Meter { value: number }\nexport interface Gauge { size: number }\n',
      );
      await writeFile(
        join(sample.root, 'src/dep-user.ts'),
        "import type { Meter } from 'units-dep';\n\nexport function metersOf(m: Meter): number {\n  return m.value;\n}\n",
      );
      await writeFile(
        join(sample.root, 'src/dep-target.ts'),
        "import type { Gauge } from 'units-dep';\n\nexport const gauge: Gauge | null = null;\n",
      );
      await sample.apply('refactoring.move', { file: 'src/dep-user.ts', symbol: 'metersOf', to: 'src/dep-target.ts' });
      expect(await sample.read('src/dep-target.ts')).to.equal(
        "import type { Gauge, Meter } from 'units-dep';\n\nexport const gauge: Gauge | null = null;\n\nexport function metersOf(m: Meter): number {\n  return m.value;\n}\n",
      );
      await sample.typecheck();
    });

    it("a source module augmented elsewhere (zustand's middleware): the moved type still imports what it uses, importers follow", async () => {
      await writeFile(
        join(sample.root, 'src/store.ts'),
        [
          'export interface StoreMutators<S, A> {',
          '  base: [S, A];',
          '}',
          'export type StoreMutatorIdentifier = keyof StoreMutators<unknown, unknown>;',
          '',
          'export type Mutate<S, Ms> = Ms extends [[infer Mi, infer Ma], ...infer Mrs]',
          '  ? Mutate<StoreMutators<S, Ma>[Mi & StoreMutatorIdentifier], Mrs>',
          '  : S;',
          '',
        ].join('\n'),
      );
      await writeFile(
        join(sample.root, 'src/store-logger.ts'),
        "export {};\n\ndeclare module './store.js' {\n  interface StoreMutators<S, A> {\n    logger: S | A;\n  }\n}\n",
      );
      await writeFile(
        join(sample.root, 'src/use-store.ts'),
        "import type { Mutate, StoreMutatorIdentifier } from './store.js';\n\nexport type Plain = Mutate<number, []>;\nexport type Id = StoreMutatorIdentifier;\n",
      );
      await sample.apply('refactoring.move', { file: 'src/store.ts', symbol: 'Mutate', to: 'src/mutate.ts' });
      // TypeScript's "Move to file" left both out here.
      expect(await sample.read('src/mutate.ts')).to.match(
        /^import type \{ StoreMutatorIdentifier, StoreMutators \} from '\.\/store\.js';\n\n/,
      );
      expect(await sample.read('src/use-store.ts')).to.equal(
        "import type { StoreMutatorIdentifier } from './store.js';\nimport type { Mutate } from './mutate.js';\n\nexport type Plain = Mutate<number, []>;\nexport type Id = StoreMutatorIdentifier;\n",
      );
      await sample.typecheck();
    });

    it('refuses when the moved code uses a source name the target declares differently', async () => {
      await writeFile(join(sample.root, 'src/own-scales.ts'), 'const SCALES = 2;\n\nexport const double = SCALES;\n');
      const clash = await sample.refusal('refactoring.move', { file: 'src/units.ts', symbol: 'factorOf', to: 'src/own-scales.ts' });
      expect(clash.message).to.match(
        /moved code uses "SCALES" from "src\/units\.ts", but "src\/own-scales\.ts" declares its own "SCALES" at src\/own-scales\.ts:1/,
      );
    });

    it("refuses when the target imports it under another name, or imports another module's name", async () => {
      await writeFile(
        join(sample.root, 'src/alias.ts'),
        "import { toMetres as metres } from './units.js';\n\nexport const km = metres(1, 'km');\n",
      );
      const aliased = await sample.refusal('refactoring.move', { file: 'src/units.ts', symbol: 'toMetres', to: 'src/alias.ts' });
      expect(aliased.message).to.match(
        /imports "toMetres" from "src\/units\.ts" as "metres" at src\/alias\.ts:1.*rename its uses of "metres" to "toMetres"/,
      );
      await writeFile(join(sample.root, 'src/other.ts'), 'export function toMetres(): number {\n  return 0;\n}\n');
      await writeFile(join(sample.root, 'src/clash.ts'), "import { toMetres } from './other.js';\n\nexport const zero = toMetres();\n");
      const clash = await sample.refusal('refactoring.move', { file: 'src/units.ts', symbol: 'toMetres', to: 'src/clash.ts' });
      expect(clash.message).to.match(/already imports "toMetres" from "\.\/other\.js" at src\/clash\.ts:1/);
    });
  });

  describe('type-only names are imported with `type`', () => {
    it('an interface: `import type` in the source and a new module, `export type` where `export *` re-exported it', async () => {
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'Scale', to: 'src/scale.ts' });
      expect(await sample.read('src/scale.ts')).to.equal(
        "import type { Unit } from './units.js';\n\nexport interface Scale {\n  unit: Unit;\n  factor: number;\n}\n",
      );
      expect(await sample.read('src/units.ts')).to.contain(
        "import type { Reading } from './reading.js';\nimport type { Scale } from './scale.js';\n\nexport type Unit",
      );
      expect(await sample.read('src/index.ts')).to.equal(
        "export * from './units.js';\nexport type { Scale } from './scale.js';\nexport { convert } from './convert.js';\n",
      );
      await sample.typecheck();
    });

    it('a class the source only uses as a type: `import type`, so no runtime cycle (and none reported)', async () => {
      const { result } = await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'Ruler', to: 'src/ruler.ts' });
      expect(await sample.read('src/units.ts')).to.contain("import type { Ruler } from './ruler.js';");
      expect(await sample.read('src/ruler.ts')).to.match(/^import type \{ Scale \} from '\.\/units\.js';\n\nexport class Ruler \{/);
      expect(await sample.read('src/index.ts')).to.contain("export { Ruler } from './ruler.js';");
      expect(result.summary).not.to.match(/cycle/);
      await sample.typecheck();
    });

    it('a type merged into an existing value import gets an inline `type`', async () => {
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'fromMetres', to: 'src/from-metres.ts' });
      expect(await sample.read('src/from-metres.ts')).to.match(
        /^import \{ (type Unit, factorOf|factorOf, type Unit) \} from '\.\/units\.js';\n\n/,
      );
      await sample.typecheck();
    });

    it('a project that writes separate `import type` statements (never inline `type`) gets them, not a mixed import', async () => {
      await writeFile(
        join(sample.root, 'src/convert.ts'),
        (await sample.read('src/convert.ts')).replace(
          "import { fromMetres, toMetres, type Unit } from './units.js';",
          "import { fromMetres, toMetres } from './units.js';\nimport type { Unit } from './units.js';",
        ),
      );
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'fromMetres', to: 'src/from-metres.ts' });
      const moved = await sample.read('src/from-metres.ts');
      expect(moved).to.match(/^import \{ factorOf \} from '\.\/units\.js';\nimport type \{ Unit \} from '\.\/units\.js';\n\n/);
      expect(moved).not.to.match(/\{[^}]*\btype \w/);
      await sample.typecheck();
    });

    it('a project that writes no type-only imports gets plain ones', async () => {
      await writeFile(
        join(sample.root, 'tsconfig.json'),
        (await sample.read('tsconfig.json')).replace('"verbatimModuleSyntax": true,', ''),
      );
      for (const file of ['src/units.ts', 'src/reading.ts', 'src/convert.ts']) {
        await writeFile(
          join(sample.root, file),
          (await sample.read(file)).replace('import type {', 'import {').replace('type Unit }', 'Unit }'),
        );
      }
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'Scale', to: 'src/scale.ts' });
      expect(await sample.read('src/units.ts')).to.contain("import { Scale } from './scale.js';");
      expect(await sample.read('src/scale.ts')).to.match(/^import \{ Unit \} from '\.\/units\.js';\n/);
      await sample.typecheck();
    });
  });

  describe('layout', () => {
    it("keeps a module's two-blank-line separators and blank lines inside moved code, and adds no blank first line", async () => {
      const spaced =
        "import { SCALES } from './units.js';\n\n\nexport function first(): number {\n  return SCALES.length;\n}\n\n\nexport function banner(): string {\n  return `top\n\n\nbottom`;\n}\n\n\nexport function last(): number {\n  return 1;\n}\n";
      await writeFile(join(sample.root, 'src/spaced.ts'), spaced);
      await sample.apply('refactoring.move', { file: 'src/spaced.ts', symbol: 'banner', to: 'src/banner.ts' });
      expect(await sample.read('src/spaced.ts')).to.equal(
        spaced.replace(block(spaced, 'export function banner', 'export function last'), ''),
      );
      expect(await sample.read('src/banner.ts')).to.equal('export function banner(): string {\n  return `top\n\n\nbottom`;\n}\n');
      await sample.typecheck();
    });

    it('a CRLF module keeps CRLF line ends where the declaration was cut and where it lands', async () => {
      const crlf =
        "import { SCALES } from './units.js';\r\n\r\nexport function count(): number {\r\n  return SCALES.length;\r\n}\r\n\r\nexport function twice(): number {\r\n  return count() * 2;\r\n}\r\n";
      await writeFile(join(sample.root, 'src/crlf.ts'), crlf);
      await writeFile(join(sample.root, 'src/crlf-target.ts'), 'export const one = 1;\r\n');
      await sample.apply('refactoring.move', { file: 'src/crlf.ts', symbol: 'twice', to: 'src/crlf-target.ts' });
      const source = await sample.read('src/crlf.ts');
      expect(source.startsWith(crlf.slice(0, crlf.indexOf('export function twice')).trimEnd())).to.equal(true);
      const target = await sample.read('src/crlf-target.ts');
      expect(target).to.contain('export const one = 1;\r\n\r\nexport function twice(): number {\r\n  return count() * 2;\r\n}');
      for (const text of [source, target]) {
        expect(text.replace(/\r\n/g, ''), 'no bare line feeds').not.to.contain('\n');
        expect(text).not.to.match(/(\r\n){3}/);
      }
      await sample.typecheck();
    });

    it('removing the only import of a module leaves no blank first line', async () => {
      await writeFile(
        join(sample.root, 'src/only.ts'),
        "import { factorOf } from './units.js';\n\nexport const kmFactor = factorOf('km');\n",
      );
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'factorOf', to: 'src/only.ts' });
      const only = await sample.read('src/only.ts');
      expect(only).to.match(
        /^import \{ (SCALES, type Unit|type Unit, SCALES) \} from '\.\/units\.js';\n\nexport const kmFactor = factorOf\('km'\);\n\nexport function factorOf\(/,
      );
      expect(only).not.to.match(/\n\n\n/);
      await sample.typecheck();
    });
  });

  describe('namespace imports and re-exports', () => {
    it('`units.fromMetres` becomes a named import of the moved function; `export *` gets an explicit re-export', async () => {
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'fromMetres', to: 'src/from-metres.ts' });
      const report = await sample.read('src/report.ts');
      expect(report).to.equal(
        "import * as units from './units.js';\nimport { fromMetres } from './from-metres.js';\n\nexport function report(value: number, unit: units.Unit): string {\n  return `${fromMetres(value, unit)} ${unit}`;\n}\n",
      );
      expect(await sample.read('src/index.ts')).to.contain("export * from './units.js';\nexport { fromMetres } from './from-metres.js';\n");
      expect(await sample.read('src/convert.ts')).to.contain("import { fromMetres } from './from-metres.js';");
      await sample.typecheck();
    });

    it('a type used as `units.Unit` is imported by name with `import type`', async () => {
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'Unit', to: 'src/unit.ts' });
      const report = await sample.read('src/report.ts');
      expect(report).to.contain("import type { Unit } from './unit.js';");
      expect(report).to.contain('unit: Unit): string');
      await sample.typecheck();
    });

    it('into a module that uses it through a namespace import of the source: `units.fromMetres` becomes `fromMetres`', async () => {
      await sample.apply('refactoring.move', { file: 'src/units.ts', symbol: 'fromMetres', to: 'src/report.ts' });
      const report = await sample.read('src/report.ts');
      expect(report).to.contain('return `${fromMetres(value, unit)} ${unit}`;');
      expect(report).to.contain('export function fromMetres(value: number, unit: Unit): number {');
      expect(report).not.to.match(/from '\.\/report\.js'/);
      await sample.typecheck();
    });

    it('refuses when the namespace object is used as a whole, or the source is re-exported as a namespace', async () => {
      await writeFile(join(sample.root, 'src/all.ts'), "import * as units from './units.js';\n\nexport const all = { ...units };\n");
      const spread = await sample.refusal('refactoring.move', { file: 'src/units.ts', symbol: 'fromMetres', to: 'src/from-metres.ts' });
      expect(spread.message).to.match(/namespace import "units" of the source is used as a whole at src\/all\.ts:3/);
      await writeFile(join(sample.root, 'src/all.ts'), "export * as units from './units.js';\n");
      const star = await sample.refusal('refactoring.move', { file: 'src/units.ts', symbol: 'fromMetres', to: 'src/from-metres.ts' });
      expect(star.message).to.match(/src\/all\.ts:1" re-exports the source as the namespace "units"/);
    });
  });
});
