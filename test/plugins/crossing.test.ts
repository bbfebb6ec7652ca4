/**
 * Bulk data crosses into a plugin's isolate packed (plugins/sandbox/crossing.ts) and the prelude
 * unpacks it: what the plugin sees must be exactly the documented shapes — readMany's files with their
 * texts, and a parsed tree's nodes as plain objects in pre-order and its `tree` view — the same data as
 * a walk of the host's own plain tree gives (`walked` below, independent of the packing).
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../core/context/local-context.js';
import type { ParsedFile, SyntaxNode } from '../../core/index.js';
import { syntaxTreeOf } from '../../core/index.js';
import { packParses, plainParse } from '../../plugins/sandbox/crossing.js';
import { flatTreeOf } from '../../core/parsing/parsed-file.js';
import type { PluginNode } from '../../plugins/sdk/index.js';
import { pluginWith, runIn } from './support/sandbox-fixture.js';

/** The documented data of a parsed file, by a pre-order walk of the host's plain tree (no packing involved). */
function walked(parsed: ParsedFile): { path: string; language: string; hash: string; source: string; nodes: PluginNode[] } {
  const nodes: PluginNode[] = [];
  const stack: [SyntaxNode, number][] = [[syntaxTreeOf(parsed), -1]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    const index =
      nodes.push({ type: node.type, named: node.named, field: node.field, start: node.startIndex, end: node.endIndex, parent }) - 1;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, index]);
  }
  return { path: parsed.path, language: parsed.language, hash: parsed.hash, source: parsed.source, nodes };
}

describe('plugin sandbox: packed crossings', function () {
  this.timeout(60_000);
  let root: string;
  const files: Record<string, string> = {
    'src/a.ts': 'export function greet(name: string): string {\n  return `hi ${name}`; // ünïcode ✓\n}\n',
    'src/b.tsx': 'export const B = () => <div className="x">{[1, 2].map((n) => n * 2)}</div>;\n',
    'src/empty.js': '',
    'src/c.js': "const { a } = require('./a');\nmodule.exports = a?.b ?? 0;\n",
    'src/broken.ts': 'export function (x: = {\n  return x +;\n}\nclass { get a() { return 1 }\n',
    // Texts from 1,024 characters cross as external copies (crossing.ts CrossText): one-byte, two-byte,
    // and the same text under two paths (one kept copy, handed over twice).
    'src/long.ts': Array.from({ length: 80 }, (_, i) => `export const v${i} = ${i} * 2; // line ${i}`).join('\n') + '\n',
    'src/long-unicode.ts': Array.from({ length: 80 }, (_, i) => `export const s${i} = 'ünïcode ✓ ${i}';`).join('\n') + '\n',
    'src/long-again.ts': Array.from({ length: 80 }, (_, i) => `export const v${i} = ${i} * 2; // line ${i}`).join('\n') + '\n',
  };

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-crossing-'));
    await mkdir(path.join(root, 'src'));
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(root, file), text);
  });

  it('readMany gives every file with its exact text, in order, the empty one included', async () => {
    const binding = await pluginWith("const read = await ctx.workspace.readMany(input.paths);\nreturn { summary: 'ok', data: read };");
    const paths = Object.keys(files);
    const { result } = await runIn(root, binding, { paths });
    expect(result.data).to.deep.equal({ files: paths.map((p) => ({ path: p, content: files[p] })), skipped: [] });
  });

  it('readMany names each file by the path it was read under: asked paths normalised, a skipped one left out, the request changed while in flight', async () => {
    const binding = await pluginWith(
      `const asked = ['./src/a.ts', 'src/missing.ts', 'src/c.js'];
      const pending = ctx.workspace.readMany(asked);
      asked[2] = 'src/b.tsx';
      const mixed = await pending;
      const plain = ['src/c.js', 'src/a.ts'];
      const inOrder = ctx.workspace.readMany(plain);
      plain.reverse();
      const same = await inOrder;
      return { summary: 'ok', data: { mixed: mixed.files.map((f) => [f.path, f.content.length]), skipped: mixed.skipped.map((s) => s.path), same: same.files.map((f) => f.path) } };`,
    );
    const { result } = await runIn(root, binding);
    expect(result.data).to.deep.equal({
      mixed: [
        ['src/a.ts', files['src/a.ts']!.length],
        ['src/c.js', files['src/c.js']!.length],
      ],
      skipped: ['src/missing.ts'],
      same: ['src/c.js', 'src/a.ts'],
    });
  });

  it('tools.parseMany gives the same files as parse, in one tool call', async () => {
    const binding = await pluginWith("const parsed = await ctx.tools.parseMany(input.paths);\nreturn { summary: 'ok', data: parsed };", {
      permissions: { tools: ['parse'] },
    });
    const { ctx } = await createLocalContext({ root });
    const paths = ['src/a.ts', 'src/b.tsx', 'src/c.js', 'src/long.ts', 'src/long-unicode.ts'];
    const { result } = await runIn(root, binding, { paths });
    const expected = await Promise.all(paths.map(async (file) => walked(await ctx.tools.parse(file))));
    expect(result.data).to.deep.equal({ files: expected, skipped: [] });
    const denied = await pluginWith("await ctx.tools.parseMany(['src/a.ts']);\nreturn { summary: 'ok' };");
    const error = await runIn(root, denied).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(error?.code).to.equal('plugin_permission_denied');
  });

  it('tools.parse gives the same nodes as the host-side plain tree, for TypeScript, TSX and JavaScript', async () => {
    const binding = await pluginWith("const parsed = await ctx.tools.parse(input.path);\nreturn { summary: 'ok', data: parsed };", {
      permissions: { tools: ['parse'] },
    });
    const { ctx } = await createLocalContext({ root });
    for (const file of ['src/a.ts', 'src/b.tsx', 'src/c.js', 'src/empty.js']) {
      const { result } = await runIn(root, binding, { path: file });
      const expected = walked(await ctx.tools.parse(file));
      expect(expected.nodes.length, file).to.be.greaterThan(0);
      expect(result.data, file).to.deep.equal(expected);
      // The host's reading of the same packing (the bench's first-party peer) agrees too.
      expect(JSON.parse(JSON.stringify(plainParse(await ctx.tools.parse(file)))), file).to.deep.equal(expected);
    }
  });

  it('packs trees from the flat-tree addon exactly as the walk of the plain tree does, syntax errors and mixed grammars included', async () => {
    const { ctx } = await createLocalContext({ root });
    const paths = ['src/a.ts', 'src/b.tsx', 'src/c.js', 'src/empty.js', 'src/broken.ts'];
    const parsed = await Promise.all(paths.map((file) => ctx.tools.parse(file)));
    // One reply's files (three grammars, whose ids differ) share one set of name tables.
    const packed = packParses(parsed);
    expect(packed, 'flat vs walk').to.deep.equal(packParses(parsed, undefined, true));
    expect(packed.tables.types).to.include('ERROR');
    expect(new Set(packed.tables.types.map((t, i) => `${t}/${packed.tables.named[i]}`)).size).to.equal(packed.tables.types.length);
    // Packing again gives the same (the grammar id → index scratch is cleared after each file).
    expect(packParses(parsed)).to.deep.equal(packed);
    // Each file alone reads the same nodes as in the shared reply.
    for (const [i, file] of parsed.entries()) {
      const alone = packParses([file]);
      const nodesOf = (columns: Int32Array, tables: typeof packed.tables): string[] =>
        Array.from(
          { length: columns.length / 5 },
          (_, n) => `${tables.types[columns[n]!]}:${tables.fields[columns[columns.length / 5 + n]!] ?? ''}`,
        );
      expect(nodesOf(alone.files[0]!.columns, alone.tables), paths[i]).to.deep.equal(nodesOf(packed.files[i]!.columns, packed.tables));
    }
    // Without the addon (AGENTD_NATIVE_PARSER=0, or no build/) the walk is the only path; with it, the flat array is used.
    expect(flatTreeOf(parsed[0]!) !== undefined || process.env.AGENTD_NATIVE_PARSER === '0').to.equal(true);
  });

  it('a file with syntax errors reaches the plugin with the same nodes as the host-side plain tree', async () => {
    const binding = await pluginWith("const parsed = await ctx.tools.parseMany(input.paths);\nreturn { summary: 'ok', data: parsed };", {
      permissions: { tools: ['parse'] },
    });
    const { ctx } = await createLocalContext({ root });
    const { result } = await runIn(root, binding, { paths: ['src/broken.ts', 'src/a.ts'] });
    const expected = [walked(await ctx.tools.parse('src/broken.ts')), walked(await ctx.tools.parse('src/a.ts'))];
    expect(expected[0]!.nodes.some((node) => node.type === 'ERROR')).to.equal(true);
    expect(result.data).to.deep.equal({ files: expected, skipped: [] });
  });

  it('file.tree answers what nodes holds, by node number, in the isolate and on the host', async () => {
    // Fields of calls, functions, declarations, and one no grammar has (childForField answers -1).
    const FIELDS = ['function', 'arguments', 'body', 'name', 'value', 'no_such_field'];
    const binding = await pluginWith(
      `const { files } = await ctx.tools.parseMany(input.paths);
return { summary: 'ok', data: files.map((file) => {
  const { tree } = file;
  const byField = () => Array.from({ length: tree.count }, (_, i) => ${JSON.stringify(FIELDS)}.map((f) => tree.childForField(i, f)));
  // Before and after children() made the child index: childForField reads either way.
  const scanned = byField();
  const rows = [];
  for (let i = 0; i < tree.count; i++) rows.push([tree.type(i), tree.named(i), tree.field(i), tree.start(i), tree.end(i), tree.parent(i), tree.text(i), tree.children(i)]);
  const identifiers = tree.ofType('identifier');
  const either = tree.ofType(['identifier', 'string']);
  const none = tree.ofType('no_such_type');
  const refused = [-1, tree.count, 0.5, NaN, '1'].map((n) => { try { tree.type(n); return 'answered'; } catch (e) { return e instanceof RangeError ? 'RangeError' : String(e); } });
  return { rows, scanned, indexed: byField(), identifiers, either, none, refused, keys: Object.keys(file) };
}) };`,
      { permissions: { tools: ['parse'] } },
    );
    const { ctx } = await createLocalContext({ root });
    const paths = ['src/a.ts', 'src/b.tsx', 'src/c.js', 'src/broken.ts', 'src/long.ts'];
    const { result } = await runIn(root, binding, { paths });
    const seen = result.data as {
      rows: unknown[][];
      scanned: number[][];
      indexed: number[][];
      identifiers: number[];
      either: number[];
      none: number[];
      refused: string[];
      keys: string[];
    }[];
    for (const [k, file] of paths.entries()) {
      const parsed = await ctx.tools.parse(file);
      const { nodes, source } = walked(parsed);
      const rows = nodes.map((n, i) => [
        n.type,
        n.named,
        n.field,
        n.start,
        n.end,
        n.parent,
        source.slice(n.start, n.end),
        nodes.flatMap((c, j) => (c.parent === i ? [j] : [])),
      ]);
      const ofType = (types: string[]): number[] => nodes.flatMap((n, i) => (types.includes(n.type) ? [i] : []));
      expect(seen[k]!.rows, file).to.deep.equal(rows);
      const byField = nodes.map((_, i) => FIELDS.map((f) => nodes.findIndex((c) => c.parent === i && c.field === f)));
      expect(byField.flat().filter((n) => n >= 0).length, `${file}: fields found`).to.be.greaterThan(0);
      expect(seen[k]!.scanned, file).to.deep.equal(byField);
      expect(seen[k]!.indexed, file).to.deep.equal(byField);
      expect(seen[k]!.identifiers, file).to.deep.equal(ofType(['identifier']));
      expect(seen[k]!.either, file).to.deep.equal(ofType(['identifier', 'string']));
      expect(seen[k]!.none).to.deep.equal([]);
      expect(seen[k]!.refused).to.deep.equal(['RangeError', 'RangeError', 'RangeError', 'RangeError', 'RangeError']);
      expect(seen[k]!.keys, file).to.deep.equal(['path', 'language', 'hash', 'source', 'nodes']);
      // The host's reading (tree-view.ts, the same functions) gives the same answers.
      const host = plainParse(parsed);
      expect(host.tree.count).to.equal(nodes.length);
      expect(host.tree.ofType('identifier')).to.deep.equal(ofType(['identifier']));
      expect(nodes.map((_, i) => FIELDS.map((f) => host.tree.childForField(i, f)))).to.deep.equal(byField);
      expect(nodes.map((_, i) => host.tree.children(i))).to.deep.equal(rows.map((r) => r[7]));
    }
  });

  it('nodes is made on first read, then is an ordinary array a plugin may replace', async () => {
    const binding = await pluginWith(
      `const file = await ctx.tools.parse(input.path);
const before = typeof Object.getOwnPropertyDescriptor(file, 'nodes').get;
const first = file.nodes;
const same = file.nodes === first;
file.nodes = [];
const replaced = file.nodes.length;
return { summary: 'ok', data: { before, same, count: first.length, treeCount: file.tree.count, replaced } };`,
      { permissions: { tools: ['parse'] } },
    );
    const { ctx } = await createLocalContext({ root });
    const { result } = await runIn(root, binding, { path: 'src/a.ts' });
    const count = walked(await ctx.tools.parse('src/a.ts')).nodes.length;
    expect(result.data).to.deep.equal({ before: 'function', same: true, count, treeCount: count, replaced: 0 });
  });
});
