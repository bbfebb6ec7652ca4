import { expect } from 'chai';
import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Change } from '../../../core/contracts/index.js';
import { applyChanges, journalPath, listJournals, recoverJournal } from '../../../core/workspace/index.js';
import { writeJournal, type JournalEntry } from '../../../core/workspace/apply-journal.js';
import { makeTree, removeTree } from './temp-tree.js';

const CHANGES: Change[] = [
  // The workspace reads text without its byte-order mark; the rollback restores the exact bytes.
  { path: 'a.txt', action: 'modify', before: 'alpha\n', after: 'ALPHA\n' },
  { path: 'new/deep/c.txt', action: 'create', after: 'created\n' },
  { path: 'b.txt', action: 'delete', before: 'beta\n', after: null },
];

describe('apply journal: what a process killed mid-apply leaves, and its recovery', () => {
  let root: string;
  let folder: string;
  beforeEach(async () => {
    root = await makeTree({ 'a.txt': '\uFEFFalpha\n', 'b.txt': 'beta\n' });
    folder = join(root, '.state');
  });
  afterEach(() => removeTree(root));

  /** The journal an apply writes before its first file, as if the process died right after `written` writes. */
  async function interruptedAfter(written: number): Promise<string> {
    const path = journalPath(folder, 'job-1');
    const entries: JournalEntry[] = [
      {
        path: 'a.txt',
        abs: join(root, 'a.txt'),
        beforeBase64: Buffer.from('\uFEFFalpha\n').toString('base64'),
        after: 'ALPHA\n',
        mode: 0o644,
        temp: join(root, '.a.txt.agentd-abc.tmp'),
      },
      {
        path: 'new/deep/c.txt',
        abs: join(root, 'new/deep/c.txt'),
        beforeBase64: null,
        after: 'created\n',
        mode: null,
        temp: join(root, 'new/deep/.c.txt.agentd-abc.tmp'),
      },
      {
        path: 'b.txt',
        abs: join(root, 'b.txt'),
        beforeBase64: Buffer.from('beta\n').toString('base64'),
        after: null,
        mode: 0o644,
        temp: null,
      },
    ];
    await writeJournal(
      path,
      {
        version: 1,
        jobId: 'job-1',
        root,
        owner: { host: 'h', pid: 1 },
        startedAt: '',
        createdDirs: [join(root, 'new'), join(root, 'new/deep')],
      },
      entries,
    );
    // The first `written` changes landed; a temp file of the next one is left half-written.
    await applyChanges(root, CHANGES.slice(0, written));
    if (written < 2) await writeFile(written === 0 ? entries[0]!.temp! : join(root, '.a.txt.agentd-abc.tmp'), 'half');
    return path;
  }

  it('rolls an uncommitted apply back: old bytes (BOM included), created files and folders gone, temp files gone', async () => {
    const report = await recoverJournal(await interruptedAfter(2));
    expect(report).to.deep.include({ jobId: 'job-1', outcome: 'rolled-back', restored: 2, conflicts: [] });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).to.equal('\uFEFFalpha\n');
    expect(await readFile(join(root, 'b.txt'), 'utf8')).to.equal('beta\n');
    expect((await readdir(root)).sort()).to.deep.equal(['.state', 'a.txt', 'b.txt']);
    expect(await listJournals(folder)).to.deep.equal([]);
  });

  it('leaves a file someone changed after the apply wrote it, and reports it', async () => {
    const path = await interruptedAfter(2);
    await appendFile(join(root, 'a.txt'), 'edited by hand\n');
    const report = await recoverJournal(path);
    expect(report.conflicts).to.deep.equal(['a.txt']);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).to.equal('ALPHA\nedited by hand\n');
  });

  it('finishes a committed apply: the new content stays, only leftovers go', async () => {
    const receipt = await applyChanges(root, CHANGES, { journal: { path: journalPath(folder, 'job-2'), jobId: 'job-2' } });
    expect(receipt.journal).to.match(/job-2\.applied\.ndjson$/);
    await writeFile(join(root, `.a.txt.agentd-leftover.tmp`), 'x');
    const report = await recoverJournal(receipt.journal!);
    expect(report).to.deep.include({ outcome: 'finished', restored: 0 });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).to.equal('ALPHA\n');
    expect(await readFile(join(root, 'new/deep/c.txt'), 'utf8')).to.equal('created\n');
    expect(await listJournals(folder)).to.deep.equal([]);
  });

  it('a journal torn while it was written (the process died before any file) is recovered harmlessly', async () => {
    const path = journalPath(folder, 'job-3');
    await writeJournal(path, { version: 1, jobId: 'job-3', root, owner: { host: 'h', pid: 1 }, startedAt: '', createdDirs: [] }, []);
    await appendFile(path, '{"path":"a.txt","abs":');
    const report = await recoverJournal(path);
    expect(report).to.deep.include({ outcome: 'rolled-back', restored: 0, conflicts: [] });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).to.equal('\uFEFFalpha\n');
  });

  it('applying a change set the disk already holds writes nothing and says so', async () => {
    await applyChanges(root, CHANGES);
    const mtime = (await stat(join(root, 'a.txt'))).mtimeMs;
    const again = await applyChanges(
      root,
      CHANGES.filter((change) => change.action !== 'delete'),
    );
    expect(again.alreadyApplied).to.equal(true);
    expect((await stat(join(root, 'a.txt'))).mtimeMs).to.equal(mtime);
  });
});
