/**
 * How a job's changes reach the disk, atomically from the user's point of view:
 * - the gate: right before the first write, one `store.update` marks the record "applying" — unless a
 *   DELETE marked it cancelled first, and then nothing is written. From that moment a DELETE is
 *   answered 409 `apply_in_progress` (noted in the record), so "cancelled" never coexists with writes;
 * - the journal, under `<workspace.path>/.agentd/journal/`, written before the first file and committed
 *   after the last (core/workspace/apply-journal.ts);
 * - recovery: at start-up, journals this host's dead processes left behind; when a job is taken over
 *   from a lost run, that job's journal, whichever daemon wrote it. A committed journal is finished
 *   (leftover temp files removed), an uncommitted one rolled back — before the job runs again.
 */
import { join } from 'node:path';
import { hostname } from 'node:os';
import {
  discardJournal,
  findJournal,
  journalPath,
  listJournals,
  readJournalHeader,
  recoverJournal,
  type RecoveryReport,
} from '../../core/workspace/index.js';
import type { Logger } from '../logging/types.js';
import type { JobStore } from './job-store.js';
import { runOf, type StoredJob } from './job-record.js';

export function journalFolder(workspaceBase: string): string {
  return join(workspaceBase, '.agentd', 'journal');
}

export class JobApply {
  readonly journalPath: string;

  /** `settled`: resolves once the run's earlier record writes landed, so none of them lands after the mark. */
  constructor(
    private readonly store: JobStore,
    private readonly run: Pick<StoredJob, 'id' | 'attempts' | 'internal'>,
    private readonly workspaceBase: string,
    private readonly settled: () => Promise<unknown> = async () => undefined,
  ) {
    // One journal per run (attempt): a run that lost the job to another daemon never touches the other's.
    this.journalPath = journalPath(journalFolder(workspaceBase), runKey(run));
  }

  /** Marks this run's record as applying; false when the job is no longer this run's to write (cancelled, taken over). */
  async begin(changes?: number): Promise<boolean> {
    await this.settled();
    let began = false;
    const now = new Date().toISOString();
    await this.store.update(this.run.id, (current) => {
      if (current.status !== 'running' || runOf(current) !== runOf(this.run)) return undefined;
      began = true;
      return {
        ...current,
        progress: { ...current.progress, message: changes === undefined ? 'writing the changes' : `writing ${changes} change(s)` },
        internal: { ...current.internal, applying: now },
      };
    });
    return began;
  }

  /** The committed journal is needed no more once the record says how the apply ended. */
  async discard(): Promise<void> {
    const found = await findJournal(journalFolder(this.workspaceBase), runKey(this.run));
    if (found) await discardJournal(found);
  }
}

function runKey(run: Pick<StoredJob, 'id' | 'attempts' | 'internal'>): string {
  return `${run.id}.${runOf(run)}`;
}

function describe(report: RecoveryReport): Record<string, unknown> {
  return { jobId: report.jobId, outcome: report.outcome, restored: report.restored, conflicts: report.conflicts };
}

/** Finishes or rolls back what lost earlier runs of this job left half-applied (any daemon's); what was recovered. */
export async function recoverJobJournal(workspaceBase: string, jobId: string, logger: Logger): Promise<RecoveryReport[]> {
  const reports: RecoveryReport[] = [];
  for (const { jobId: key, path } of await listJournals(journalFolder(workspaceBase))) {
    if (!key.startsWith(`${jobId}.`)) continue;
    const report = await recoverJournal(path);
    logger.warn('an interrupted apply was recovered before the job ran again', describe(report));
    reports.push(report);
  }
  return reports;
}

/** Whether the process that wrote a journal is gone: same host, and no such pid (or it is us: a restart with the same pid, as in a container). */
function ownerGone(owner: { host: string; pid: number }): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * At start-up: every journal of a dead process of this host is finished or rolled back. Journals of
 * live processes (another daemon on this machine is applying) and of other hosts (their daemon, or the
 * one that takes their job over, recovers them) are left alone.
 */
export async function recoverOrphanedJournals(workspaceBase: string, logger: Logger): Promise<RecoveryReport[]> {
  const reports: RecoveryReport[] = [];
  for (const { path } of await listJournals(journalFolder(workspaceBase))) {
    try {
      // A journal without a readable header was cut short before its first entry: nothing was written.
      const header = await readJournalHeader(path).catch(() => null);
      if (header && !ownerGone(header.owner)) continue;
      const report = await recoverJournal(path);
      logger.warn("an apply interrupted by the daemon's death was recovered at start-up", describe(report));
      reports.push(report);
    } catch (error) {
      logger.error('an apply journal could not be recovered; check the files it names by hand', {
        journal: path,
        error: (error as Error).message,
      });
    }
  }
  return reports;
}
