/**
 * Writing a change set to disk, all or nothing: every `before` is verified first, each file is written
 * to a temp file in its own directory and renamed over the target, and a failure part-way restores what
 * was already written. With a journal (apply-journal.ts) the same holds across a crash: the journal is
 * durable before the first write and committed after the last, so a process killed in between leaves
 * what the next start needs to finish or undo it. The receipt (plain JSON) lets `rollback()` undo a
 * successful apply later.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir as mkdirAsync, unlink as unlinkAsync } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Change } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { confinePath, realRoot } from './confine-path.js';
import { readTextOrNull } from './text-file.js';
import { createMissingDirs, removeDirsIfEmpty } from './created-dirs.js';
import { tempPathFor, writeAtomically } from './atomic-write.js';
import { commitJournal, currentOwner, discardJournal, writeJournal, type JournalEntry } from './apply-journal.js';

export { writeAtomically } from './atomic-write.js';

export interface ReceiptEntry {
  /** POSIX path relative to the root. */
  path: string;
  /** Absolute path written. */
  abs: string;
  /** The original bytes, base64, or null when the file did not exist. */
  beforeBase64: string | null;
  /** The original permission bits (null when the file did not exist). */
  mode: number | null;
  after: string | null;
}

export interface ApplyReceipt {
  root: string;
  appliedAt: string;
  entries: ReceiptEntry[];
  /** Directories apply created, outermost first. */
  createdDirs: string[];
  /** Every file already held its new content, so nothing was written (a re-run of a finished apply). */
  alreadyApplied?: boolean;
  /** The committed journal, for the caller to discard once its own record says the job applied. */
  journal?: string;
}

export interface ApplyOptions {
  /** Write a journal here first (see apply-journal.ts); `jobId` is recorded in it. */
  journal?: { path: string; jobId: string };
}

/** Where a file stands against its change: still as the job read it, already changed, or neither. */
type DiskState = 'before' | 'after' | 'other';

interface Planned {
  change: Change;
  abs: string;
  /** The file's exact bytes (a BOM included), base64, or null when it does not exist. */
  beforeBase64: string | null;
  mode: number | null;
  state: DiskState;
}

async function inspect(base: string, change: Change): Promise<Planned> {
  const { rel, abs } = await confinePath(base, change.path);
  let current: string | null;
  try {
    current = await readTextOrNull(rel, abs);
  } catch (error) {
    throw new AgentdError('apply_failed', `Cannot apply the change to "${rel}": ${(error as Error).message}`, { cause: error });
  }
  const expected = change.action === 'create' ? null : change.before;
  // A modify/delete without `before` can only be checked for existence.
  const asRead = expected === undefined ? current !== null : current === (expected ?? null);
  const state: DiskState = asRead ? 'before' : current === change.after ? 'after' : 'other';
  const [beforeBase64, mode] = current === null ? [null, null] : [readFileSync(abs).toString('base64'), statSync(abs).mode & 0o7777];
  return { change: { ...change, path: rel }, abs, beforeBase64, mode, state };
}

function changedOnDisk(rel: string): AgentdError {
  return new AgentdError(
    'apply_failed',
    `File "${rel}" changed on disk since the job read it; nothing was written — re-run the job on the current files.`,
  );
}

async function applyOne(planned: Planned, entry: JournalEntry, receipt: ApplyReceipt): Promise<void> {
  const { change, abs, beforeBase64, mode } = planned;
  const record: ReceiptEntry = { path: change.path, abs, beforeBase64, mode, after: change.after };
  if (change.after === null) {
    receipt.entries.push(record);
    await unlinkAsync(abs);
    return;
  }
  receipt.createdDirs.push(...(await createMissingDirs(dirname(abs))));
  receipt.entries.push(record);
  await writeAtomically(abs, change.after, mode, entry.temp ?? undefined);
}

/** The folders the writes will have to create, outermost first (for the journal). */
function missingFolders(entries: JournalEntry[]): string[] {
  const missing = new Set<string>();
  for (const entry of entries) {
    if (entry.after === null) continue;
    for (let dir = dirname(entry.abs); dir !== dirname(dir) && !exists(dir); dir = dirname(dir)) missing.add(dir);
  }
  return [...missing].sort((a, b) => a.length - b.length);
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies `changes` under `root` atomically; throws `apply_failed` (with everything restored) on failure.
 * When every file already holds its new content (an apply that finished before its job's record could
 * say so, run again), nothing is written and the receipt says `alreadyApplied`.
 */
export async function applyChanges(root: string, changes: Change[], options: ApplyOptions = {}): Promise<ApplyReceipt> {
  const base = await realRoot(root);
  const planned: Planned[] = [];
  for (const change of changes) planned.push(await inspect(base, change));
  const receipt: ApplyReceipt = { root: base, appliedAt: new Date().toISOString(), entries: [], createdDirs: [] };
  if (planned.length > 0 && planned.every((item) => item.state === 'after')) return { ...receipt, alreadyApplied: true };
  const stale = planned.find((item) => item.state !== 'before');
  if (stale) throw changedOnDisk(stale.change.path);
  const token = randomBytes(6).toString('hex');
  const entries: JournalEntry[] = planned.map(({ change, abs, beforeBase64, mode }) => ({
    path: change.path,
    abs,
    beforeBase64,
    after: change.after,
    mode,
    temp: change.after === null ? null : tempPathFor(abs, token),
  }));
  const journal = options.journal;
  if (journal)
    await writeJournal(
      journal.path,
      {
        version: 1,
        jobId: journal.jobId,
        root: base,
        owner: currentOwner(),
        startedAt: receipt.appliedAt,
        createdDirs: missingFolders(entries),
      },
      entries,
    );
  for (const [index, item] of planned.entries()) {
    try {
      await applyOne(item, entries[index]!, receipt);
    } catch (error) {
      await rollback(receipt).catch(() => undefined);
      if (journal) await discardJournal(journal.path);
      throw new AgentdError(
        'apply_failed',
        `Could not write "${item.change.path}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); every touched file was restored — fix the path and apply again.`,
        { cause: error },
      );
    }
  }
  return journal ? { ...receipt, journal: await commitJournal(journal.path) } : receipt;
}

async function restoreEntry(entry: ReceiptEntry): Promise<void> {
  if (entry.beforeBase64 === null) {
    await unlinkAsync(entry.abs).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return;
  }
  await mkdirAsync(dirname(entry.abs), { recursive: true });
  await writeAtomically(entry.abs, Buffer.from(entry.beforeBase64, 'base64'), entry.mode);
}

/** Restores every file an apply touched, exactly (bytes and mode), and removes directories it created. */
export async function rollback(receipt: ApplyReceipt): Promise<void> {
  const failures: string[] = [];
  for (const entry of [...receipt.entries].reverse()) {
    await restoreEntry(entry).catch((error: Error) => failures.push(`"${entry.path}" (${error.message})`));
  }
  await removeDirsIfEmpty(receipt.createdDirs);
  if (failures.length > 0) {
    throw new AgentdError('apply_failed', `Rollback could not restore ${failures.join(', ')}; restore these files by hand.`);
  }
}
