/**
 * documentation.api on export forms whose kind TypeDoc decides specially (fixtures/documentation/
 * export-forms), each the cause of a difference once measured on a real package: a re-export from a
 * dependency that is not in the workspace (minimatch's Form), values exported type-only (yaml's
 * YAMLOMap/YAMLSet), class statics named like the types of a merged namespace (yaml's Scalar.PLAIN…),
 * and a declaration file over the 100 KB read limit (ioredis's RedisCommander.d.ts, 777 KB).
 */
import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, type DocWorkspace } from './doc-workspace.js';
import { compareSymbols, typedocSymbols } from './typedoc-peer.js';

interface Data {
  entryPoints: { subpath: string; file: string }[];
  symbols: { name: string; kind: string; file: string; line: number }[];
  pages?: string[];
  skipped: { path: string; code: string }[];
}

/** A generated declaration file well over 100 KB: `count` documented methods on one interface. */
function bigCommands(count: number): string {
  const methods = Array.from(
    { length: count },
    (_, i) =>
      `  /** Runs command number ${i} against the server and resolves with its reply. */\n  command${i}(key: string, ...args: (string | number)[]): Promise<string>;`,
  );
  return `/** Every command, one method each. */\nexport interface Commands {\n${methods.join('\n')}\n}\n\n/** A command's name. */\nexport type CommandName = keyof Commands;\n`;
}

describe('capabilities/documentation/api: export forms TypeDoc documents specially', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/export-forms');
  });
  afterEach(() => ws.dispose());

  it('lists the symbols and kinds TypeDoc 0.28 lists, but for a second unresolved re-export', async () => {
    const { result } = await ws.apply('documentation.api', {});
    const data = result.data as Data;
    const ours = new Set(data.symbols.map((s) => `.:${s.name}:${s.kind}`));
    const peer = await typedocSymbols(
      ws.root,
      data.entryPoints.map((e) => [e.subpath, e.file]),
    );
    // TypeDoc resolves every unresolvable alias to the compiler's one "unknown" symbol, so the second
    // (`ghost`, a value) becomes a reference to the first (`Missing`, type-only) and takes its kind.
    expect(compareSymbols(ours, peer.symbols)).to.deep.equal({ matched: 15, missed: ['.:ghost:type'], extra: ['.:ghost:variable'] });
    expect([...ours]).to.include.members([
      '.:Missing:type', // type-only re-export from a dependency that is not installed
      '.:Store:interface', // a class exported type-only
      '.:makeStore:type', // a function exported type-only
      '.:defaultCapacity:type', // a constant exported type-only
      '.:Level.LOW:type', // the namespace's type …
      '.:Level.LOW:variable', // … and the class static of the same name
      '.:Level.of:function', // a static method named like a namespace type
    ]);
    expect([...ours]).not.to.include('.:Level.DEFAULT:variable'); // a static the namespace does not name
    const md = await ws.read('docs/api.md');
    expect(md).to.include('type Missing = any');
    expect(md).to.include('type makeStore = (capacity?: number) => Store');
    expect(md).to.include('const LOW: "LOW"');
  });

  it('reads a declaration file over 100 KB (up to 5 MB) and splits its section over pages that fit', async () => {
    const big = bigCommands(1200);
    expect(Buffer.byteLength(big)).to.be.greaterThan(150 * 1024);
    await writeFile(path.join(ws.root, 'src', 'commands.d.ts'), big);
    const { result } = await ws.apply('documentation.api', {});
    const data = result.data as Data;
    expect(data.skipped).to.deep.equal([]);
    expect(data.symbols.filter((s) => s.file === 'src/commands.d.ts').map((s) => `${s.name}:${s.kind}`)).to.deep.equal([
      'Commands:interface',
      'CommandName:type',
    ]);
    expect(result.summary).not.to.match(/could not be read/);
    const pages = await Promise.all((data.pages ?? []).map((p) => ws.read(p)));
    expect(pages.length).to.be.greaterThan(2);
    for (const page of pages) expect(Buffer.byteLength(page)).to.be.below(100 * 1024);
    const all = pages.join('\n');
    expect(all).to.include('### Commands (continued)');
    for (const i of [0, 599, 1199]) expect(all).to.include(`\`command${i}(key: string, ...args: (string | number)[]): Promise<string>\``);
  });

  it('still reports, and leaves out, a source file over 100 KB that is not a declaration file', async () => {
    await writeFile(path.join(ws.root, 'src', 'huge.ts'), `export const data = ${JSON.stringify('x'.repeat(110 * 1024))};\n`);
    const { result } = await ws.apply('documentation.api', {});
    expect((result.data as Data).skipped.map((s) => [s.path, s.code])).to.deep.equal([['src/huge.ts', 'file_too_large']]);
    expect(result.summary).to.match(/1 file\(s\) could not be read \(src\/huge\.ts: file_too_large\)/);
  });
});
