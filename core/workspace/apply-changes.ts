/**
 * Writing a change set to disk, all or nothing: every `before` is verified first, each file is written
 * to a temp file in its own directory and renamed over the target, and a failure part-way restores what
 * was already written. The receipt (plain JSON) lets `rollback()` undo a successful apply later.
 */
import { chmod, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Change } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { confinePath, realRoot } from './confine-path.js';
import { readTextOrNull } from './text-file.js';
import { createMissingDirs, removeDirsIfEmpty } from './created-dirs.js';

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
}

interface Planned {
  change: Change;
  abs: string;
}

async function verify(base: string, change: Change): Promise<Planned> {
  const { rel, abs } = await confinePath(base, change.path);
  let current: string | null;
  try {
    current = await readTextOrNull(rel, abs);
  } catch (error) {
    throw new AgentdError('apply_failed', `Cannot apply the change to "${rel}": ${(error as Error).message}`, { cause: error });
  }
  const expected = change.action === 'create' ? null : change.before;
  // A modify/delete without `before` can only be checked for existence.
  const matches = expected === undefined ? current !== null : current === (expected ?? null);
  if (!matches) {
    throw new AgentdError(
      'apply_failed',
      `File "${rel}" changed on disk since the job read it; nothing was written — re-run the job on the current files.`,
    );
  }
  return { change: { ...change, path: rel }, abs };
}

/** Writes `content` next to `abs` and renames it into place, so readers never see a half-written file. */
export async function writeAtomically(abs: string, content: Buffer | string, mode: number | null): Promise<void> {
  const temp = join(dirname(abs), `.${basename(abs)}.agentd-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx' });
    if (mode !== null) await chmod(temp, mode);
    await rename(temp, abs);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

async function snapshot(path: string, abs: string, after: string | null): Promise<ReceiptEntry> {
  try {
    const [bytes, info] = await Promise.all([readFile(abs), stat(abs)]);
    return { path, abs, beforeBase64: bytes.toString('base64'), mode: info.mode & 0o7777, after };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, abs, beforeBase64: null, mode: null, after };
    throw error;
  }
}

async function applyOne(planned: Planned, receipt: ApplyReceipt): Promise<void> {
  const { change, abs } = planned;
  const entry = await snapshot(change.path, abs, change.after);
  if (change.after === null) {
    receipt.entries.push(entry);
    await unlink(abs);
    return;
  }
  receipt.createdDirs.push(...(await createMissingDirs(dirname(abs))));
  receipt.entries.push(entry);
  await writeAtomically(abs, change.after, entry.mode);
}

/** Applies `changes` under `root` atomically; throws `apply_failed` (with everything restored) on failure. */
export async function applyChanges(root: string, changes: Change[]): Promise<ApplyReceipt> {
  const base = await realRoot(root);
  const planned: Planned[] = [];
  for (const change of changes) planned.push(await verify(base, change));
  const receipt: ApplyReceipt = { root: base, appliedAt: new Date().toISOString(), entries: [], createdDirs: [] };
  for (const item of planned) {
    try {
      await applyOne(item, receipt);
    } catch (error) {
      await rollback(receipt).catch(() => undefined);
      throw new AgentdError(
        'apply_failed',
        `Could not write "${item.change.path}" (${(error as Error).message}); every touched file was restored — fix the path and apply again.`,
        { cause: error },
      );
    }
  }
  return receipt;
}

async function restoreEntry(entry: ReceiptEntry): Promise<void> {
  if (entry.beforeBase64 === null) {
    await unlink(entry.abs).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return;
  }
  await mkdir(dirname(entry.abs), { recursive: true });
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
