/**
 * documentation.architecture on real projects through the daemon's executor: the diagram of
 * fixtures/express-ts-api checked edge by edge against analysis.dependencies' own import graph, the
 * folders against the fixture's directories; merging into a hand-written file (human text kept, the
 * diff removes only generated lines, a re-run stages nothing); tests drawn on request; the node cap
 * and its stated collapse; awkward folder names giving valid Mermaid ids.
 */
import { expect } from 'chai';
import { stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, type DocWorkspace } from '../doc-workspace.js';
import { runCase, runOnFixture } from '../../support/sample-runs.js';
import { checkFlowchart, folderOfLabel, mermaidBlock } from './mermaid-check.js';

const ID = 'documentation.architecture';
const folderAt2 = (file: string): string => (file.includes('/') ? path.posix.dirname(file).split('/').slice(0, 2).join('/') : '.');
const isTest = (file: string): boolean => /(^|\/)(test|tests|__tests__)\//.test(file) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(file);

/** Folder -> folder import counts recomputed from analysis.dependencies' file links (distinct pairs). */
async function expectedFolderEdges(fixture: string, tests: boolean): Promise<Map<string, number>> {
  const deps = await runOnFixture('analysis.dependencies', fixture);
  const links = (deps.data as { graph: { links: [string, string][] } }).graph.links;
  const counts = new Map<string, number>();
  for (const [from, to] of new Map(links.map((l) => [l.join('\0'), l])).values()) {
    if (!tests && (isTest(from) || isTest(to))) continue;
    const [a, b] = [folderAt2(from), folderAt2(to)];
    if (a !== b) counts.set(`${a} -> ${b}`, (counts.get(`${a} -> ${b}`) ?? 0) + 1);
  }
  return counts;
}

function drawnEdges(markdown: string): Map<string, number> {
  const chart = checkFlowchart(mermaidBlock(markdown));
  const folder = (id: string): string => folderOfLabel(chart.nodes.get(id)!);
  return new Map(chart.edges.map((e) => [`${folder(e.from)} -> ${folder(e.to)}`, e.count]));
}

describe('capabilities/documentation/architecture', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('express-ts-api');
  });
  afterEach(() => ws.dispose());

  it('draws express-ts-api: the real folders as boxes, every arrow and its count equal to the import graph', async () => {
    const { result, changes } = await ws.apply(ID, {});
    expect(changes.map((c) => [c.path, c.action])).to.deep.equal([['docs/architecture.md', 'create']]);
    const doc = await ws.read('docs/architecture.md');
    const chart = checkFlowchart(mermaidBlock(doc));
    const folders = [...chart.nodes.values()].map(folderOfLabel);
    expect(folders).to.deep.equal(['src', 'src/middleware', 'src/routes', 'src/services', 'src/validation']);
    for (const folder of folders) expect((await stat(path.join(ws.root, folder))).isDirectory(), folder).to.equal(true);
    const expected = await expectedFolderEdges('express-ts-api', false);
    expect(expected.size).to.be.greaterThan(3);
    expect(Object.fromEntries(drawnEdges(doc))).to.deep.equal(Object.fromEntries(expected));
    expect(chart.cycleNodes).to.deep.equal([]);
    expect(doc).to.include('| `src/routes` | 1 | 53 | `src` (1), `src/services` (1), `src/validation` (1) | `src` (1) |');
    expect(doc).to.include('- `src/server.ts`');
    expect(doc).to.include('2 test files left out (`tests: true` draws them).');
    expect(result.summary).to.equal(
      'Created docs/architecture.md: 5 folders, 11 dependencies between them, 0 import cycles, 1 entry point from 9 source files.',
    );
  });

  it('merges into a hand-written file: text around the regions kept byte for byte, a stale region replaced, a re-run stages nothing', async () => {
    const before = '# Architecture of the orders API\n\nRequests enter through `src/server.ts`. Written by hand.\n\n';
    const after = '\n\n## Decisions\n\nWe keep SQL in `src/db.ts`.\n';
    const stale = '<!-- agentd:begin architecture-layers -->\n## Layers\n\n| old | table |\n<!-- agentd:end architecture-layers -->';
    await mkdir(path.join(ws.root, 'docs'));
    await writeFile(path.join(ws.root, 'docs/architecture.md'), `${before}${stale}${after}`);
    const first = await ws.apply(ID, {});
    expect(first.result.summary).to.match(/^Updated docs\/architecture\.md: .* Text outside the agentd regions is kept as written\.$/);
    expect((first.result.data as { replaced: string[]; appended: string[] }).replaced).to.deep.equal(['architecture-layers']);
    const removed = first.changes[0]!.diff!.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'));
    expect(removed).to.deep.equal(['-| old | table |']);
    const doc = await ws.read('docs/architecture.md');
    expect(doc.startsWith(before)).to.equal(true);
    expect(doc).to.include(after.trimEnd());
    expect(doc).to.not.include('| old | table |');
    const second = await ws.apply(ID, {});
    expect(second.changes).to.deep.equal([]);
    expect(second.result.summary).to.match(/^Unchanged docs\/architecture\.md/);
    expect(await ws.read('docs/architecture.md')).to.equal(doc);
  });

  it('tests: true draws the test folder with its imports, still equal to the import graph; out names another file', async () => {
    await ws.apply(ID, { tests: true, out: 'ARCHITECTURE.md' });
    const doc = await ws.read('ARCHITECTURE.md');
    const expected = await expectedFolderEdges('express-ts-api', true);
    expect([...expected.keys()].filter((k) => k.startsWith('test ->'))).to.have.length.greaterThan(0);
    expect(Object.fromEntries(drawnEdges(doc))).to.deep.equal(Object.fromEntries(expected));
    expect(doc).to.not.include('test files left out');
  });
});

describe('capabilities/documentation/architecture: large and awkward trees', function () {
  this.timeout(120_000);

  it('keeps at most maxNodes boxes, says what it folded, and every file is still in one box', async () => {
    const files: Record<string, string> = { 'src/core/core.ts': 'export const core = 1;\n' };
    for (let i = 0; i < 12; i++) {
      const n = String(i).padStart(2, '0');
      files[`src/features/f${n}/index.ts`] = `import { core } from '../../core/core.js';\nexport const f${n} = core;\n`;
      files[`lib${n}/l.ts`] = `export const l${n} = ${i};\n`;
    }
    const outcome = await runCase(ID, { files, input: { maxNodes: 10, depth: 3 } });
    const doc = outcome.changes[0]!.after!;
    const chart = checkFlowchart(mermaidBlock(doc));
    expect(chart.nodes.size).to.equal(10);
    const counted = [...chart.nodes.values()].reduce((sum, label) => sum + Number(/\((\d+) files?\)$/.exec(label)![1]), 0);
    expect(counted).to.equal(Object.keys(files).length);
    expect(doc).to.include(
      'To keep at most 10 boxes: 12 folders under src/features folded into src/features; 2 folders under src folded into src; 4 smallest folders merged into "(other)": lib00, lib01, lib02, lib03.',
    );
    expect(outcome.result.summary).to.match(/folds to stay within 10 boxes/);
    const again = await runCase(ID, { files, input: { maxNodes: 10, depth: 3 } });
    expect(again.changes[0]!.after).to.equal(doc, 'same project, same input: same bytes');
  });

  it('cuts a long file list at 50 and says how many more; the data keeps them all', async () => {
    const files: Record<string, string> = { 'src/main.ts': 'export {};\n' };
    for (let i = 0; i < 52; i++) files[`src/tools/t${String(i).padStart(2, '0')}.ts`] = `export const t${i} = ${i};\n`;
    const outcome = await runCase(ID, { files });
    const doc = outcome.changes[0]!.after!;
    expect(doc).to.include('`src/tools/t48.ts`, `src/tools/t49.ts`, and 2 more.');
    expect(doc).to.not.include('`src/tools/t50.ts`');
    expect((outcome.result.data as { orphans: string[] }).orphans).to.have.length(52);
    expect(doc).to.include('- `src/main.ts`');
  });

  it('folder names that are Mermaid keywords, hold spaces and punctuation, or sanitise alike get distinct valid ids and their real names', async () => {
    const files = {
      'end/x.ts': 'export const x = 1;\n',
      'my lib (v2)/y.ts': "import { x } from '../end/x.js';\nexport const y = x;\n",
      'a-b/p.ts': "import { y } from '../my lib (v2)/y.js';\nexport const p = y;\n",
      'a_b/q.ts': "import { p } from '../a-b/p.js';\nexport const q = p;\n",
      'c#/z.ts': "import { q } from '../a_b/q.js';\nexport const z = q;\n",
    };
    const outcome = await runCase(ID, { files });
    const doc = outcome.changes[0]!.after!;
    const chart = checkFlowchart(mermaidBlock(doc));
    expect([...chart.nodes]).to.deep.equal([
      ['m_a_b', 'a-b (1 file)'],
      ['m_a_b_2', 'a_b (1 file)'],
      ['m_c', 'c#35; (1 file)'],
      ['m_end', 'end (1 file)'],
      ['m_my_lib_v2', 'my lib (v2) (1 file)'],
    ]);
    expect(chart.edges).to.deep.equal([
      { from: 'm_a_b', to: 'm_my_lib_v2', count: 1 },
      { from: 'm_a_b_2', to: 'm_a_b', count: 1 },
      { from: 'm_c', to: 'm_a_b_2', count: 1 },
      { from: 'm_my_lib_v2', to: 'm_end', count: 1 },
    ]);
  });

  it('a cycle inside one folder outlines that box only; includeTypeImports decides whether a type-only import closes a cycle', async () => {
    const files = {
      'src/index.ts': "import { a } from './model/a.js';\nconsole.log(a);\n",
      'src/model/a.ts': "import type { B } from './b.js';\nexport const a: B | null = null;\n",
      'src/model/b.ts': "import { a } from './a.js';\nexport type B = { next: typeof a };\n",
    };
    const runtime = await runCase(ID, { files });
    expect(checkFlowchart(mermaidBlock(runtime.changes[0]!.after!)).cycleNodes).to.deep.equal([]);
    expect(runtime.changes[0]!.after).to.include('None: no file reaches itself through imports that remain at run time');
    const typed = await runCase(ID, { files, input: { includeTypeImports: true } });
    const chart = checkFlowchart(mermaidBlock(typed.changes[0]!.after!));
    expect(chart.cycleNodes).to.deep.equal(['m_src_model']);
    expect(chart.cycleEdges).to.deep.equal([]);
    expect(typed.changes[0]!.after).to.include('1. `src/model/a.ts` -> `src/model/b.ts` -> `src/model/a.ts` (`src/model/a.ts:1`)');
  });
});
