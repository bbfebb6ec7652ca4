/**
 * The text-only, 100 KB rule shared by reads, writes and apply: capabilities see and produce small
 * UTF-8 text files, nothing else.
 */
import { closeSync, constants, openSync, readFileSync, statSync } from 'node:fs';
import { AgentdError } from '../errors/index.js';

export const MAX_FILE_BYTES = 102_400;

/**
 * The one exception to the 100 KB rule: dependency lock files may be READ up to this size (see
 * lock-files.ts); nothing over MAX_FILE_BYTES is ever written.
 */
export const MAX_LOCK_FILE_BYTES = 20 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function tooLarge(path: string, bytes: number, limit = MAX_FILE_BYTES): AgentdError {
  return new AgentdError(
    'file_too_large',
    `File "${path}" is ${bytes} bytes, over the ${limit}-byte limit; split it or exclude it from the job.`,
  );
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'an I/O error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
};

/**
 * A file the operating system would not let us read (permissions, I/O): named by its workspace-relative
 * path only. The system error's own message names the server's absolute path, so it stays in `cause`.
 */
export function unreadable(relPath: string, error: unknown, what: 'File' | 'Folder' = 'File'): AgentdError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  const reason = REASONS[code] ?? code;
  return new AgentdError('file_unreadable', `${what} "${relPath}" cannot be read (${reason}); fix its permissions or exclude it.`, {
    cause: error,
  });
}

/** Decodes bytes as UTF-8 text, refusing NUL bytes and invalid UTF-8 (the usual signs of a binary file). */
export function decodeText(path: string, bytes: Uint8Array, limit = MAX_FILE_BYTES): string {
  if (bytes.length > limit) throw tooLarge(path, bytes.length, limit);
  if (bytes.includes(0))
    throw new AgentdError('binary_file', `File "${path}" is binary (it contains a NUL byte); only text files can be read.`);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new AgentdError('binary_file', `File "${path}" is binary (it is not valid UTF-8); only text files can be read.`);
  }
}

/** Checks content a capability wants to stage. */
export function assertWritableText(path: string, content: string): void {
  if (typeof content !== 'string') {
    throw new AgentdError('binary_file', `Content for "${path}" is not a string; stage text only.`);
  }
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > MAX_FILE_BYTES) throw tooLarge(path, bytes);
  if (content.includes('\0')) throw new AgentdError('binary_file', `Content for "${path}" contains a NUL byte; stage text only.`);
}

/**
 * Reads a file from disk as text, or returns null when it does not exist.
 * A directory is reported as `file_not_found` (it is not a file a capability can read).
 * Synchronous for the reason given in confine-path.ts: files are at most 100 KB, and async fs round
 * trips dominated the cost of re-analysing an unchanged project.
 */
export async function readTextOrNull(relPath: string, absPath: string, limit = MAX_FILE_BYTES): Promise<string | null> {
  let size: number;
  try {
    const info = statSync(absPath);
    if (info.isDirectory()) {
      throw new AgentdError('file_not_found', `"${relPath}" is a directory, not a file; name a file inside it.`);
    }
    size = info.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    if (error instanceof AgentdError) throw error;
    throw unreadable(relPath, error);
  }
  // Checked before reading so a huge file is never loaded.
  if (size > limit) throw tooLarge(relPath, size, limit);
  return decodeText(
    relPath,
    readOrExplain(relPath, () => readFileSync(absPath)),
    limit,
  );
}

/**
 * Reads a file a directory walk has just listed as a regular file under the size limit (so no stat
 * first), refusing to follow a symlink in its last component: if the file was replaced by a link since
 * the walk, this throws ELOOP and the caller confines the path again. null when it is gone.
 */
export function readWalkedText(relPath: string, absPath: string): string | null {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    // ELOOP/EISDIR: replaced since the walk; the caller confines the path again.
    if (code === 'ELOOP' || code === 'EISDIR') throw error;
    throw unreadable(relPath, error);
  }
  try {
    return decodeText(
      relPath,
      readOrExplain(relPath, () => readFileSync(fd)),
    );
  } finally {
    closeSync(fd);
  }
}

function readOrExplain(relPath: string, read: () => Buffer): Buffer {
  try {
    return read();
  } catch (error) {
    throw unreadable(relPath, error);
  }
}
