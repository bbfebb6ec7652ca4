/**
 * Reads of unchanged files served from memory. A scan runs ten analyses, and each lists and reads
 * every source file; re-reading, re-decoding and re-hashing the same megabytes ten times was most of a
 * re-scan's cost. An entry is used only while the file's stat signature (inode, size, mtime and ctime
 * in nanoseconds) is unchanged, so an edited file is read again; the same string object comes back,
 * which lets the content-hash memo (core/cache/content-hash.ts) recognise it without hashing again.
 */
import { statSync, type BigIntStats } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { readTextOrNull, readWalkedText } from './text-file.js';

interface Entry {
  signature: string;
  content: string;
}

const MAX_ENTRIES = 10_000;
const MAX_CHARS = 64 * 1024 * 1024;

const entries = new LRUCache<string, Entry>({
  max: MAX_ENTRIES,
  maxSize: MAX_CHARS,
  sizeCalculation: (e) => Math.max(1, e.content.length),
});

/** What identifies one version of a file's content on disk. */
export function statSignature(info: BigIntStats): string {
  return `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}

function signatureOf(absPath: string): string | null {
  try {
    const info = statSync(absPath, { bigint: true });
    return info.isFile() ? statSignature(info) : null;
  } catch {
    return null;
  }
}

/**
 * readTextOrNull through the cache: same errors and results, without re-reading an unchanged file.
 * `walkedSignature`: the signature a directory walk just read for this regular file (no second stat;
 * a read then refuses a symlink, see readWalkedText).
 */
export async function readTextCached(relPath: string, absPath: string, walkedSignature?: string): Promise<string | null> {
  const signature = walkedSignature ?? signatureOf(absPath);
  const cached = signature === null ? undefined : entries.get(absPath);
  if (cached && cached.signature === signature) return cached.content;
  const content = walkedSignature === undefined ? await readTextOrNull(relPath, absPath) : readWalkedText(relPath, absPath);
  if (content !== null && signature !== null) entries.set(absPath, { signature, content });
  else entries.delete(absPath);
  return content;
}

/** Drops every entry (tests; a caller that wants cold reads). */
export function clearReadCache(): void {
  entries.clear();
}
