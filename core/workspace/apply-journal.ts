/**
 * The write-ahead journal of an apply. Before the first file is written, every file's content before
 * and after, its mode, the temp file it will be written through and the folders the apply will create
 * are on disk (fsynced). When the last file is written the journal is renamed to `<job>.applied.ndjson`
 * (the commit); the owner deletes it once the job's record says so. A process killed in between
 * leaves the journal behind, and `recoverJournal` then finishes the apply (committed: only temp files
 * are left to remove) or rolls it back (not committed: every file that holds its new content gets its
 * old one back, created files and folders go, temp files go). Files changed by someone else since are
 * left alone and reported. NDJSON, written line by line, so a 3,000-file journal never becomes one big
 * string on the daemon's main thread.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { decodeText, readTextOrNull } from './text-file.js';
import { removeDirsIfEmpty } from './created-dirs.js';
import { writeAtomically } from './atomic-write.js';

export interface JournalEntry {
  /** POSIX path relative to the root. */
  path: string;
  abs: string;
  /** The exact bytes verified on disk when the apply began, base64 (null: the file did not exist). */
  beforeBase64: string | null;
  /** The content the apply writes (null: it deletes the file). */
  after: string | null;
  /** Permission bits of the existing file, null when it did not exist. */
  mode: number | null;
  /** The temp file the new content goes through (null for a delete). */
  temp: string | null;
}

export interface JournalHeader {
  version: 1;
  jobId: string;
  root: string;
  /** Who applies: recovery at start-up only touches journals of dead processes of this host. */
  owner: { host: string; pid: number };
  startedAt: string;
  /** Folders that did not exist when the apply began, outermost first. */
  createdDirs: string[];
}

export interface RecoveryReport {
  jobId: string;
  /** "rolled-back": the apply had not finished; "finished": it had, only leftovers were removed. */
  outcome: 'rolled-back' | 'finished';
  restored: number;
  /** Files someone changed after the apply wrote them: left as they are. */
  conflicts: string[];
}

const PENDING = '.journal.ndjson';
const APPLIED = '.applied.ndjson';

export function journalPath(folder: string, jobId: string): string {
  return join(folder, `${jobId}${PENDING}`);
}

function appliedPath(pending: string): string {
  return pending.slice(0, -PENDING.length) + APPLIED;
}

/** The owner stamp of this process. */
export function currentOwner(): JournalHeader['owner'] {
  return { host: hostname(), pid: process.pid };
}

/** Writes the journal (one header line, one line per entry) and makes it durable before returning. */
export async function writeJournal(path: string, header: JournalHeader, entries: JournalEntry[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await open(path, 'w', 0o600);
  try {
    await handle.write(`${JSON.stringify(header)}\n`);
    // Small writes, one entry each: the event loop keeps turning while a big journal is written.
    for (const entry of entries) await handle.write(`${JSON.stringify(entry)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncFolder(dirname(path));
}

/** The commit point: after this, recovery finishes the apply instead of rolling it back. */
export async function commitJournal(path: string): Promise<string> {
  const applied = appliedPath(path);
  await rename(path, applied);
  await syncFolder(dirname(path));
  return applied;
}

/** Removes a journal (pending or applied) once nothing needs it any more. */
export async function discardJournal(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** The journals in `folder`, pending and applied, by job id. */
export async function listJournals(folder: string): Promise<{ jobId: string; path: string }[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(PENDING) || name.endsWith(APPLIED))
    .map((name) => ({ jobId: name.slice(0, -(name.endsWith(PENDING) ? PENDING.length : APPLIED.length)), path: join(folder, name) }));
}

/** The journal of one job in `folder`, if any (applied or pending). */
export async function findJournal(folder: string, jobId: string): Promise<string | null> {
  const pending = journalPath(folder, jobId);
  for (const candidate of [pending, appliedPath(pending)]) {
    if (
      await stat(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return null;
}

export async function readJournalHeader(path: string): Promise<JournalHeader> {
  for await (const line of lines(path)) return JSON.parse(line) as JournalHeader;
  throw new Error(`journal "${basename(path)}" is empty`);
}

/**
 * Finishes or rolls back the apply a journal describes, then deletes the journal. A pending journal
 * cut short (the process died while writing it) had written no file yet: its entries so far are
 * undone all the same, which is harmless.
 */
export async function recoverJournal(path: string): Promise<RecoveryReport> {
  const committed = path.endsWith(APPLIED);
  let header: JournalHeader | null = null;
  const entries: JournalEntry[] = [];
  for await (const line of lines(path)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      break; // a torn last line: the process died while writing the journal
    }
    if (header === null) header = parsed as JournalHeader;
    else entries.push(parsed as JournalEntry);
  }
  const report: RecoveryReport = {
    jobId: header?.jobId ?? basename(path),
    outcome: committed ? 'finished' : 'rolled-back',
    restored: 0,
    conflicts: [],
  };
  for (const entry of entries.reverse()) {
    if (!committed) await undo(entry, report);
    if (entry.temp) await unlink(entry.temp).catch(() => undefined);
  }
  if (!committed && header) await removeDirsIfEmpty(header.createdDirs);
  await discardJournal(path);
  return report;
}

async function undo(entry: JournalEntry, report: RecoveryReport): Promise<void> {
  let current: string | null;
  try {
    current = await readTextOrNull(entry.path, entry.abs);
  } catch {
    report.conflicts.push(entry.path);
    return;
  }
  const before = entry.beforeBase64 === null ? null : Buffer.from(entry.beforeBase64, 'base64');
  if (current === (before === null ? null : decodeText(entry.path, before))) return;
  if (current !== entry.after) {
    report.conflicts.push(entry.path);
    return;
  }
  if (before === null) await unlink(entry.abs);
  else {
    await mkdir(dirname(entry.abs), { recursive: true });
    await writeAtomically(entry.abs, before, entry.mode);
  }
  report.restored += 1;
}

function lines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
}

/** A rename or a new entry is durable only once its folder is synced too. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
