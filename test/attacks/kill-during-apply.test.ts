/**
 * Attack: `kill -9` a daemon while it writes a 3,000-file change set. The files were left half
 * changed, with temp files beside them, and nothing knew. Now the apply's journal (written and synced
 * before the first file) lets the next start roll it back — or, with Redis, the daemon that takes the
 * job over rolls it back before running it again, and the job then applies everything exactly once.
 * Real daemon processes, a real SIGKILL, a real Redis of the test's own.
 */
import { expect } from 'chai';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../cli/support/agentd-process.js';
import { DaemonProcess } from '../daemon/multi-instance/support/daemon-process.js';
import { TestRedisServer } from '../daemon/multi-instance/support/redis-server.js';
import { get, post, waitForStatus } from '../daemon/support/http-client.js';
import { bulkJob, FILES, relPath, tally, tempFiles, until, writeProject } from './support/large-change-set.js';

const journals = async (workspace: string): Promise<string[]> => readdir(path.join(workspace, '.agentd', 'journal')).catch(() => []);

/** The folder whose first write stops the daemon (a folder the apply reaches half-way). */
const stopFolder = (root: string): string => path.join(root, path.dirname(relPath(FILES / 2)));

/**
 * Waits until `daemon`, started with `stopOnWrite` (stop-on-write.ts), has stopped itself in the middle
 * of writing the job's changes, and SIGKILLs it there. `standby`, a daemon that may take the job over,
 * is frozen while the files are counted: on a slow machine the count can outlast the dead daemon's
 * lock, and the standby's rollback would change the files under it.
 */
async function killMidApply(daemon: DaemonProcess, root: string, id: string, standby?: DaemonProcess): Promise<number> {
  await until(async () => daemon.stopped(), 120_000, 'the daemon to stop itself in the middle of the apply').catch(async (error: Error) => {
    const job = (await get(daemon.url, `/jobs/${id}`)).body as { status?: string; progress?: unknown };
    const tail = daemon
      .logs()
      .slice(-8)
      .map((line) => JSON.stringify(line));
    throw new Error(
      `${error.message}; the job: ${JSON.stringify({ status: job.status, progress: job.progress })}; last log lines:\n${tail.join('\n')}`,
    );
  });
  standby?.freeze(true);
  try {
    await daemon.kill('SIGKILL');
    const { marked, original, other } = await tally(root);
    expect(marked, `the kill came while the apply was writing (${marked} of ${FILES} marked)`).to.be.above(0).and.below(FILES);
    expect(marked + original + other.length).to.equal(FILES);
    expect(await journals(daemon.workspace), 'the journal outlives the daemon').to.have.length(1);
    return marked;
  } finally {
    standby?.freeze(false);
  }
}

const submit = async (daemon: DaemonProcess): Promise<string> => (await post(daemon.url, '/jobs', bulkJob('project'))).body.id as string;

describe('attack: kill -9 during the apply of 3,000 changes (real processes)', function () {
  this.timeout(300_000);
  let workspace: string;
  let root: string;
  const daemons: DaemonProcess[] = [];

  beforeEach(async () => {
    workspace = await mkdtemp(path.join(tmpdir(), 'agentd-kill-apply-'));
    root = path.join(workspace, 'project');
    await writeProject(root);
  });
  afterEach(async () => {
    await Promise.all(daemons.splice(0).map((daemon) => daemon.remove()));
    await rm(workspace, { recursive: true, force: true });
  });

  it('the next start rolls the half-written apply back: every file as it was, no journal, no temp file', async () => {
    const daemon = new DaemonProcess('solo', await freePort(), '', 1, workspace);
    daemons.push(daemon);
    await daemon.start({ stopOnWrite: stopFolder(root) });
    const marked = await killMidApply(daemon, root, await submit(daemon));
    await daemon.start();
    expect(await tally(root)).to.deep.equal({ marked: 0, original: FILES, other: [] });
    expect(await journals(workspace)).to.deep.equal([]);
    expect(await tempFiles(root)).to.deep.equal([]);
    const recovered = daemon.logs().find((line) => line.msg.startsWith('an apply interrupted'));
    expect(recovered, 'the start-up says what it recovered').to.include({ outcome: 'rolled-back', restored: marked });
  });

  it('with Redis, the daemon that takes the job over rolls it back first, then applies all 3,000 exactly once', async () => {
    const redis = new TestRedisServer(await freePort());
    await redis.start();
    try {
      const [a, b] = [
        new DaemonProcess('A', await freePort(), redis.url, 1, workspace),
        new DaemonProcess('B', await freePort(), redis.url, 1, workspace),
      ];
      daemons.push(a, b);
      await a.start({ stopOnWrite: stopFolder(root) });
      const id = await submit(a);
      await until(async () => a.started(id), 30_000, 'A to take the job');
      // B starts while A still runs it: whatever journal A writes belongs to a live process, so B's
      // start-up leaves it alone, and B meets it only when it takes the job over.
      await b.start();
      await killMidApply(a, root, id, b);
      const job = await waitForStatus(b.url, id, ['succeeded', 'failed', 'cancelled'], 240_000);
      expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
      expect(job.attempts).to.equal(2);
      expect(await tally(root)).to.deep.equal({ marked: FILES, original: 0, other: [] });
      expect(await journals(workspace)).to.deep.equal([]);
      expect(await tempFiles(root)).to.deep.equal([]);
      expect(b.logs().some((line) => line.msg.startsWith('an interrupted apply was recovered') && line.jobId === id)).to.equal(true);
    } finally {
      await Promise.all(daemons.splice(0).map((daemon) => daemon.remove()));
      await redis.remove();
    }
  });
});
