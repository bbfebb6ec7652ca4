import { expect } from 'chai';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Change } from '../../../core/contracts/index.js';
import { applyChanges, changesFromStaged, openWorkspace, rollback } from '../../../core/workspace/index.js';
import { codeOf, makeTree, removeTree } from './temp-tree.js';

/** Every file under root with its content, for before/after comparisons of the whole tree. */
async function snapshotTree(root: string, dir = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, { [`${rel}/`]: '' }, await snapshotTree(root, rel));
    else out[rel] = await readFile(join(root, rel), 'utf8');
  }
  return out;
}

async function stagedChanges(root: string, edit: (ws: Awaited<ReturnType<typeof openWorkspace>>) => Promise<void>): Promise<Change[]> {
  const ws = await openWorkspace({ root });
  await edit(ws);
  return ws.changes();
}

describe('applyChanges and rollback', () => {
  let root: string;
  let original: Record<string, string>;
  beforeEach(async () => {
    root = await makeTree({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n', 'bin/run.sh': '#!/bin/sh\necho hi\n' });
    await chmod(join(root, 'bin/run.sh'), 0o755);
    original = await snapshotTree(root);
  });
  afterEach(() => removeTree(root));

  it('writes creates (with new parent folders), modifies and deletes, and rollback restores the tree exactly', async () => {
    const changes = await stagedChanges(root, async (ws) => {
      await ws.write('a.txt', 'ALPHA\n');
      await ws.write('deep/er/c.txt', 'gamma\n');
      await ws.write('bin/run.sh', '#!/bin/sh\necho bye\n');
      await ws.delete('b.txt');
    });
    const receipt = await applyChanges(root, changes);
    expect(await snapshotTree(root)).to.deep.equal({
      'a.txt': 'ALPHA\n',
      'bin/': '',
      'bin/run.sh': '#!/bin/sh\necho bye\n',
      'deep/': '',
      'deep/er/': '',
      'deep/er/c.txt': 'gamma\n',
    });
    expect((await stat(join(root, 'bin/run.sh'))).mode & 0o777, 'mode kept by the modify').to.equal(0o755);
    expect(JSON.parse(JSON.stringify(receipt))).to.deep.equal(receipt);

    await rollback(receipt);
    expect(await snapshotTree(root)).to.deep.equal(original);
    expect((await stat(join(root, 'bin/run.sh'))).mode & 0o777).to.equal(0o755);
  });

  it('refuses the whole set when a file changed on disk since it was read, writing nothing', async () => {
    const changes = await stagedChanges(root, async (ws) => {
      await ws.write('new.txt', 'n\n');
      await ws.write('a.txt', 'ALPHA\n');
    });
    await writeFile(join(root, 'a.txt'), 'someone else\n');
    const changed = await snapshotTree(root);
    expect(await codeOf(() => applyChanges(root, changes))).to.equal('apply_failed');
    expect(await snapshotTree(root)).to.deep.equal(changed);
  });

  it('refuses a create when the file appeared on disk meanwhile', async () => {
    const changes = await stagedChanges(root, (ws) => ws.write('c.txt', 'mine\n'));
    await writeFile(join(root, 'c.txt'), 'theirs\n');
    expect(await codeOf(() => applyChanges(root, changes))).to.equal('apply_failed');
    expect(await readFile(join(root, 'c.txt'), 'utf8')).to.equal('theirs\n');
  });

  it('restores what was already written when a later write fails (its parent is a file), leaving no temp files', async () => {
    const changes: Change[] = [
      { path: 'a.txt', action: 'modify', before: 'alpha\n', after: 'ALPHA\n' },
      { path: 'fresh/new.txt', action: 'create', before: null, after: 'n\n' },
      { path: 'b.txt/inside.txt', action: 'create', before: null, after: 'x\n' },
    ];
    const error = await applyChanges(root, changes).catch((e: unknown) => e);
    expect((error as { code: string }).code).to.equal('apply_failed');
    expect((error as Error).message).to.include('"b.txt/inside.txt"');
    expect(await snapshotTree(root)).to.deep.equal(original);
  });

  it('refuses a change whose target is a directory before writing anything', async () => {
    const changes: Change[] = [
      { path: 'a.txt', action: 'modify', before: 'alpha\n', after: 'ALPHA\n' },
      { path: 'bin', action: 'create', before: null, after: 'x\n' },
    ];
    expect(await codeOf(() => applyChanges(root, changes))).to.equal('apply_failed');
    expect(await snapshotTree(root)).to.deep.equal(original);
  });

  it('restores everything when a directory is read-only', async function () {
    // root ignores permission bits, so this failure can only be produced for an unprivileged user
    if (process.getuid?.() === 0) this.skip();
    const changes: Change[] = [
      { path: 'a.txt', action: 'modify', before: 'alpha\n', after: 'ALPHA\n' },
      { path: 'bin/run.sh', action: 'modify', before: '#!/bin/sh\necho hi\n', after: 'changed\n' },
    ];
    await chmod(join(root, 'bin'), 0o555);
    try {
      expect(await codeOf(() => applyChanges(root, changes))).to.equal('apply_failed');
    } finally {
      await chmod(join(root, 'bin'), 0o755);
    }
    expect(await snapshotTree(root)).to.deep.equal(original);
  });

  it('refuses paths that escape the root', async () => {
    const changes: Change[] = [{ path: '../outside.txt', action: 'create', before: null, after: 'x' }];
    expect(await codeOf(() => applyChanges(root, changes))).to.equal('workspace_escape');
  });

  it('changesFromStaged computes the change set of an overlay against the disk', async () => {
    const changes = await changesFromStaged(root, [
      { path: 'a.txt', content: 'ALPHA\n' },
      { path: 'b.txt', content: 'beta\n' },
      { path: 'c.txt', content: null },
      { path: 'bin/run.sh', content: null },
    ]);
    expect(changes.map((c) => [c.path, c.action, c.before, c.after])).to.deep.equal([
      ['a.txt', 'modify', 'alpha\n', 'ALPHA\n'],
      ['bin/run.sh', 'delete', '#!/bin/sh\necho hi\n', null],
    ]);
    expect(changes[0]!.diff).to.include('-alpha\n+ALPHA');
  });
});
