import { expect } from 'chai';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, type DocWorkspace } from './doc-workspace.js';
import { compareSymbols, typedocSymbols } from './typedoc-peer.js';

interface SymbolRow {
  name: string;
  kind: string;
  entry: string;
  file: string;
  line: number;
  deprecated: boolean;
}

describe('capabilities/documentation/api', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/toolkit');
  });
  afterEach(() => ws.dispose());

  it('documents exactly the symbols (names and kinds) TypeDoc 0.28 lists for the package entry points', async () => {
    const { result } = await ws.apply('documentation.api', {});
    const data = result.data as { entryPoints: { subpath: string; file: string }[]; symbols: SymbolRow[] };
    // package.json publishes ./dist/*.d.ts; the tsconfig's outDir -> rootDir maps them to the sources.
    expect(data.entryPoints.map((e) => [e.subpath, e.file])).to.deep.equal([
      ['.', 'src/index.ts'],
      ['./text', 'src/text.ts'],
    ]);
    const label = (entry: string): string => (entry === '@fixtures/toolkit' ? '.' : './text');
    const ours = new Set(data.symbols.map((s) => `${label(s.entry)}:${s.name}:${s.kind}`));
    const peer = await typedocSymbols(
      ws.root,
      data.entryPoints.map((e) => [e.subpath, e.file]),
    );
    const agreement = compareSymbols(ours, peer.symbols);
    expect(agreement.missed, 'TypeDoc lists, we do not').to.deep.equal([]);
    expect(agreement.extra, 'we list, TypeDoc does not').to.deep.equal([]);
    expect(agreement.matched).to.equal(30);
    // Not reachable from an entry point: never documented.
    expect(data.symbols.map((s) => s.name)).not.to.include('internalScale');
  });

  it('writes signatures, parameter docs, return types, deprecations and source links that point at the declaration', async () => {
    const { result, changes } = await ws.apply('documentation.api', {});
    expect(changes.map((c) => c.path)).to.deep.equal(['docs/api.md']);
    expect(result.summary).to.match(/^Wrote docs\/api\.md: 30 symbol\(s\) from 2 entry point\(s\), 2 deprecated/);
    const md = await ws.read('docs/api.md');
    expect(md).to.include('function convert(length: Length, to: Unit): Length');
    expect(md).to.include('| `to` | `Unit` | the target unit |');
    expect(md).to.include('**Returns** `Length` — the same length expressed in `to`');
    expect(md).to.include('function padId(value: number): string\nfunction padId(value: string, width: number): string');
    expect(md).to.include("| `separator? = '-'` | `string` |  |");
    expect(md).to.include('> **Deprecated:** Use {@link convert} with `Unit.Metre`.');
    expect(md).to.include('- `isSquare(): boolean` — **Deprecated:** Use {@link Rectangle.area} and compare instead.');
    expect(md).to.include('class Registry<T>');
    expect(md).to.include('abstract class IdSource');
    expect(md).to.include('- `unique: boolean` (optional) — Refuse a second entry with the same key (default true).');
    expect(md).to.include('- `Centimetre = "cm"`');
    expect(md).to.include("The toolkit's main entry point: shapes, units and a registry.");
    expect(md).not.to.include('- `count'); // protected member of IdSource
    expect(md).to.include('- `kind: "source"` (static, readonly)');
    // Every source link names a line that declares the symbol.
    const data = result.data as { symbols: SymbolRow[] };
    for (const symbol of data.symbols.filter((s) => !s.name.includes('.') && s.kind !== 'namespace')) {
      const line = (await ws.read(symbol.file)).split('\n')[symbol.line - 1]!;
      const declared = symbol.name === 'makeId' || symbol.name === 'padId' ? (symbol.name === 'makeId' ? 'makeId' : 'pad') : symbol.name;
      expect(line, `${symbol.name} at ${symbol.file}:${symbol.line}`).to.include(declared);
      expect(md).to.include(`[${symbol.file}:${symbol.line}](../${symbol.file}#L${symbol.line})`);
    }
  });

  it('is stable: a second run on the written reference stages nothing', async () => {
    await ws.apply('documentation.api', {});
    const again = await ws.apply('documentation.api', {});
    expect(again.changes).to.deep.equal([]);
    expect(again.result.summary).to.match(/^Unchanged docs\/api\.md/);
  });

  it('narrows to one symbol, writes where asked, and takes explicit entry points', async () => {
    const { result, changes } = await ws.apply('documentation.api', {
      symbol: 'Registry',
      out: 'REFERENCE.md',
      entryPoints: ['src/registry.ts'],
    });
    expect(changes.map((c) => c.path)).to.deep.equal(['REFERENCE.md']);
    expect((result.data as { symbols: SymbolRow[] }).symbols.map((s) => s.name)).to.deep.equal(['Registry']);
    const md = await readFile(path.join(ws.root, 'REFERENCE.md'), 'utf8');
    expect(md).to.include('](src/registry.ts#L');
  });

  it('refuses a package with no entry point it can map to a module, naming what it looked for', async () => {
    await writeFile(path.join(ws.root, 'package.json'), JSON.stringify({ name: 'x', exports: { '.': './dist/missing.js' } }));
    await rm(path.join(ws.root, 'src', 'index.ts'));
    const refusal = await ws.refusal('documentation.api', {});
    expect(refusal.code).to.equal('documentation_refused');
    expect(refusal.message).to.include('. -> ./dist/missing.js: no source module or declaration file for it in the workspace');
  });

  it('splits a reference over 100 KB into an index and pages whose links all resolve', async () => {
    const many = Array.from(
      { length: 500 },
      (_, i) =>
        `/** Returns the value number ${i}, documented at some length so that the reference grows. */\nexport function value${i}(input: number, scale = ${i}): number {\n  return input * scale;\n}\n`,
    ).join('\n');
    await writeFile(path.join(ws.root, 'src', 'many.ts'), many);
    const { result, changes } = await ws.apply('documentation.api', { entryPoints: ['src/many.ts'] });
    const data = result.data as { pages: string[]; symbols: SymbolRow[] };
    expect(data.symbols).to.have.length(500);
    expect(data.pages.length).to.be.greaterThan(2);
    expect(changes.map((c) => c.path).sort()).to.deep.equal([...data.pages].sort());
    expect(result.summary).to.match(/under docs\/api\/: over 100 KB in one file/);
    const index = await ws.read('docs/api.md');
    const links = [...index.matchAll(/\]\((api\/[^)#]+)#([^)]+)\)/g)];
    expect(links).to.have.length(500);
    for (const page of data.pages) expect(Buffer.byteLength(await ws.read(page))).to.be.below(100 * 1024);
    for (const [, file, id] of links) expect(await ws.read(`docs/${file}`)).to.include(`<a id="${id}"></a>`);
    expect(await ws.read(data.pages[1]!)).to.include('[src/many.ts:2](../../src/many.ts#L2)');
  });

  describe('an application without a published entry point', () => {
    let app: DocWorkspace;
    beforeEach(async () => {
      app = await copyFixture('express-ts-api');
    });
    afterEach(() => app.dispose());

    it('documents the exports of each module in scope, and writes nothing when nothing matches', async () => {
      const { result, changes } = await app.apply('documentation.api', { include: ['src/services/**'] });
      expect(changes.map((c) => c.path)).to.deep.equal(['docs/api.md']);
      expect(result.summary).to.match(/from 2 module\(s\) \(no published entry point: each module documented\)/);
      const data = result.data as { entrySource: string; symbols: SymbolRow[] };
      expect(data.entrySource).to.equal('modules');
      expect(data.symbols.map((s) => s.name)).to.include.members(['OrderService', 'priceOrder']);
      expect(await app.read('docs/api.md')).to.include('## `src/services/order-service.ts`');
      const none = await app.apply('documentation.api', { subjects: ['health'] });
      expect(none.changes).to.deep.equal([]);
      expect(none.result.summary).to.match(/^No exported symbol to document \(subjects health\)/);
    });
  });
});
