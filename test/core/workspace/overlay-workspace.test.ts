import { expect } from 'chai';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openWorkspace, MAX_FILE_BYTES } from '../../../core/workspace/index.js';
import { walkOnce } from '../../../core/workspace/list-files.js';
import { codeOf, makeTree, removeTree } from './temp-tree.js';

describe('workspace view: confinement and text-only reads', () => {
  let root: string;
  let outside: string;
  before(async () => {
    root = await makeTree({
      'src/app.ts': 'export const a = 1;\n',
      'big.txt': 'x'.repeat(MAX_FILE_BYTES + 1),
      'exact.txt': 'y'.repeat(MAX_FILE_BYTES),
      'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9]),
    });
    outside = await makeTree({ 'secret.txt': 'top secret\n' });
    await symlink(join(outside, 'secret.txt'), join(root, 'leak.txt'));
    await symlink(outside, join(root, 'leakdir'));
    await symlink(join(root, 'src/app.ts'), join(root, 'alias.ts'));
  });
  after(async () => {
    await removeTree(root);
    await removeTree(outside);
  });

  for (const bad of ['../etc/passwd', 'src/../../x', '/etc/passwd', 'a\0b', 'src\\app.ts', '', '.']) {
    it(`refuses ${JSON.stringify(bad)} with workspace_escape`, async () => {
      const ws = await openWorkspace({ root });
      expect(await codeOf(() => ws.read(bad))).to.equal('workspace_escape');
      expect(await codeOf(() => ws.write(bad, 'x'))).to.equal('workspace_escape');
    });
  }

  it('refuses symlinks whose real path leaves the root, for reads and writes, and names the path', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.read('leak.txt'))).to.equal('workspace_escape');
    expect(await codeOf(() => ws.read('leakdir/secret.txt'))).to.equal('workspace_escape');
    expect(await codeOf(() => ws.write('leakdir/new.txt', 'x'))).to.equal('workspace_escape');
    const error = await ws.read('leak.txt').catch((e: Error) => e);
    expect((error as Error).message).to.include('"leak.txt"');
  });

  it('reads listed files without re-confining them, yet refuses one swapped for an escaping symlink after the listing', async () => {
    const tree = await makeTree({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n' });
    try {
      const ws = await openWorkspace({ root: tree });
      expect(await ws.list()).to.deep.equal(['src/a.ts', 'src/b.ts']);
      expect(await ws.read('src/a.ts')).to.equal('export const a = 1;\n');
      await rm(join(tree, 'src/b.ts'));
      await symlink(join(outside, 'secret.txt'), join(tree, 'src/b.ts'));
      expect(await codeOf(() => ws.read('src/b.ts'))).to.equal('workspace_escape');
      expect((await ws.readMany(['src/a.ts'])).files.map((f) => f.content)).to.deep.equal(['export const a = 1;\n']);
    } finally {
      await removeTree(tree);
    }
  });

  it('follows a symlink that stays inside the root', async () => {
    const ws = await openWorkspace({ root });
    expect(await ws.read('alias.ts')).to.equal('export const a = 1;\n');
  });

  it('lists a symlink that stays inside the root but not one that leaves it', async () => {
    const ws = await openWorkspace({ root });
    const listed = await ws.list();
    expect(listed).to.include('alias.ts');
    expect(listed.filter((path) => path.startsWith('leak'))).to.deep.equal([]);
  });

  it('refuses binary files (NUL byte, invalid UTF-8) with binary_file', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.read('image.png'))).to.equal('binary_file');
    expect(await codeOf(() => ws.read('latin1.txt'))).to.equal('binary_file');
    expect(await codeOf(() => ws.write('out.txt', 'a\0b'))).to.equal('binary_file');
  });

  it('refuses files over 100 KB for reading and writing, and accepts exactly 100 KB', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.read('big.txt'))).to.equal('file_too_large');
    expect(await codeOf(() => ws.write('new.txt', 'z'.repeat(MAX_FILE_BYTES + 1)))).to.equal('file_too_large');
    expect((await ws.read('exact.txt')).length).to.equal(MAX_FILE_BYTES);
    // multi-byte characters count as bytes, not characters
    expect(await codeOf(() => ws.write('new.txt', 'é'.repeat(MAX_FILE_BYTES / 2 + 1)))).to.equal('file_too_large');
  });

  it('reports a missing file and a directory as file_not_found', async () => {
    const ws = await openWorkspace({ root });
    expect(await codeOf(() => ws.read('nope.ts'))).to.equal('file_not_found');
    expect(await codeOf(() => ws.read('src'))).to.equal('file_not_found');
    expect(await codeOf(() => ws.write('src', 'x'))).to.equal('file_not_found');
    expect(await codeOf(() => ws.delete('nope.ts'))).to.equal('file_not_found');
  });
});

describe('workspace view: the staged overlay', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTree({ 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'bee\n' });
  });
  afterEach(() => removeTree(root));

  it('returns a staged write to later reads and never touches the disk', async () => {
    const ws = await openWorkspace({ root });
    await ws.write('a.txt', 'one\n2\nthree\n');
    await ws.write('new/c.txt', 'sea\n');
    expect(await ws.read('a.txt')).to.equal('one\n2\nthree\n');
    expect(await ws.read('new/c.txt')).to.equal('sea\n');
    expect(await ws.exists('new/c.txt')).to.equal(true);
    const fresh = await openWorkspace({ root });
    expect(await fresh.read('a.txt')).to.equal('one\ntwo\nthree\n');
    expect(await fresh.exists('new/c.txt')).to.equal(false);
  });

  it('hides a staged delete from read, exists and list', async () => {
    const ws = await openWorkspace({ root });
    await ws.delete('b.txt');
    expect(await codeOf(() => ws.read('b.txt'))).to.equal('file_not_found');
    expect(await ws.exists('b.txt')).to.equal(false);
    expect(await ws.list()).to.deep.equal(['a.txt']);
  });

  it('computes changes with actions, before/after and unified diffs', async () => {
    const ws = await openWorkspace({ root });
    await ws.write('a.txt', 'one\n2\nthree\n');
    await ws.write('c.txt', 'sea\n');
    await ws.delete('b.txt');
    const changes = ws.changes();
    expect(changes.map((c) => [c.path, c.action, c.before, c.after])).to.deep.equal([
      ['a.txt', 'modify', 'one\ntwo\nthree\n', 'one\n2\nthree\n'],
      ['c.txt', 'create', null, 'sea\n'],
      ['b.txt', 'delete', 'bee\n', null],
    ]);
    expect(changes[0]!.diff).to.include('--- a/a.txt').and.include('+++ b/a.txt').and.include('-two\n+2\n');
    expect(changes[1]!.diff).to.include('--- /dev/null').and.include('+sea');
    expect(changes[2]!.diff).to.include('+++ /dev/null').and.include('-bee');
  });

  it('drops no-op entries: a write of the same content, a create followed by a delete', async () => {
    const ws = await openWorkspace({ root });
    await ws.write('b.txt', 'bee\n');
    await ws.write('tmp.txt', 'x');
    await ws.delete('tmp.txt');
    expect(ws.changes()).to.deep.equal([]);
  });

  it('starts from the overlay of earlier steps and hands back the combined overlay', async () => {
    const first = await openWorkspace({ root });
    await first.write('c.txt', 'sea\n');
    const second = await openWorkspace({ root, staged: first.staged() });
    expect(await second.read('c.txt')).to.equal('sea\n');
    await second.write('c.txt', 'sea 2\n');
    await second.delete('a.txt');
    expect(second.staged()).to.deep.equal([
      { path: 'c.txt', content: 'sea 2\n' },
      { path: 'a.txt', content: null },
    ]);
    expect(second.changes().map((c) => c.action)).to.deep.equal(['create', 'delete']);
  });

  it('refuses to stage a file under a path staged as a file', async () => {
    const ws = await openWorkspace({ root });
    await ws.write('c.txt', 'sea\n');
    expect(await codeOf(() => ws.write('c.txt/d.txt', 'x'))).to.equal('file_not_found');
  });

  it('calls onAccess for every read and list, and not for writes', async () => {
    const seen: string[] = [];
    const ws = await openWorkspace({ root, onAccess: (what) => seen.push(what) });
    await ws.read('a.txt');
    await ws.list();
    await ws.write('x.txt', 'x');
    expect(seen).to.deep.equal(['read', 'list']);
  });
});

describe('workspace view: list()', () => {
  let root: string;
  before(async () => {
    root = await makeTree({
      '.gitignore': 'dist/\n*.log\nsecret.*\n',
      'src/index.ts': 'x',
      'src/util.js': 'x',
      'src/styles.css': 'x',
      'src/logo.png': 'not really a png',
      'src/generated/.gitignore': '*\n!keep.ts\n',
      'src/generated/drop.ts': 'x',
      'src/generated/keep.ts': 'x',
      'dist/index.js': 'x',
      'debug.log': 'x',
      'secret.env': 'x',
      'node_modules/pkg/index.js': 'x',
      'packages/a/node_modules/dep/index.js': 'x',
      '.git/config': 'x',
      'huge.js': 'h'.repeat(MAX_FILE_BYTES + 10),
      'README.md': 'x',
    });
    await mkdir(join(root, 'empty-dir'));
    await writeFile(join(root, 'packages/a/main.ts'), 'x');
  });
  after(() => removeTree(root));

  it('honours root and nested .gitignore files (with negations), skips node_modules, .git, binaries and large files', async () => {
    const ws = await openWorkspace({ root });
    expect(await ws.list()).to.deep.equal([
      '.gitignore',
      'README.md',
      'packages/a/main.ts',
      'src/generated/keep.ts',
      'src/index.ts',
      'src/styles.css',
      'src/util.js',
    ]);
  });

  it('filters by extensions (with or without the dot), include and exclude globs', async () => {
    const ws = await openWorkspace({ root });
    expect(await ws.list({ extensions: ['.ts', 'js'] })).to.deep.equal([
      'packages/a/main.ts',
      'src/generated/keep.ts',
      'src/index.ts',
      'src/util.js',
    ]);
    expect(await ws.list({ include: ['src/'], exclude: ['generated/'] })).to.deep.equal(['src/index.ts', 'src/styles.css', 'src/util.js']);
    expect(await ws.list({ include: ['*.css', '*.md'] })).to.deep.equal(['README.md', 'src/styles.css']);
  });

  it('includes staged new files and leaves out staged deletes', async () => {
    const ws = await openWorkspace({
      root,
      staged: [
        { path: 'src/new.ts', content: 'y' },
        { path: 'src/util.js', content: null },
      ],
    });
    expect(await ws.list({ include: ['src/*.ts', 'src/*.js'] })).to.deep.equal(['src/index.ts', 'src/new.ts']);
  });
});

describe('workspace view: one walk shared by several views (a scan)', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTree({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n' });
  });
  afterEach(async () => {
    await removeTree(root);
  });

  it('lists the tree as the first list() saw it, in every view sharing the walker; a new walker sees it anew', async () => {
    const walk = walkOnce();
    const first = await openWorkspace({ root, walk });
    expect(await first.list()).to.deep.equal(['src/a.ts', 'src/b.ts']);
    await writeFile(join(root, 'src/c.ts'), 'export const c = 3;\n');
    const second = await openWorkspace({ root, walk });
    expect(await second.list()).to.deep.equal(['src/a.ts', 'src/b.ts']);
    expect(await second.read('src/b.ts')).to.equal('export const b = 2;\n');
    expect(await (await openWorkspace({ root, walk: walkOnce() })).list()).to.deep.equal(['src/a.ts', 'src/b.ts', 'src/c.ts']);
    expect(await (await openWorkspace({ root })).list()).to.deep.equal(['src/a.ts', 'src/b.ts', 'src/c.ts']);
  });

  it('keeps each view its own overlay and filters over the shared walk', async () => {
    const walk = walkOnce();
    const staging = await openWorkspace({ root, walk });
    await staging.write('src/new.ts', 'export const n = 0;\n');
    await staging.delete('src/a.ts');
    expect(await staging.list()).to.deep.equal(['src/b.ts', 'src/new.ts']);
    const other = await openWorkspace({ root, walk });
    expect(await other.list({ include: ['src/a.ts'] })).to.deep.equal(['src/a.ts']);
  });
});
