/**
 * The text-only, 100 KB rule shared by reads, writes and apply: capabilities see and produce small
 * UTF-8 text files, nothing else.
 */
import { readFileSync, statSync } from 'node:fs';
import { AgentdError } from '../errors/index.js';

export const MAX_FILE_BYTES = 102_400;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(path: string, bytes: number): AgentdError {
  return new AgentdError(
    'file_too_large',
    `File "${path}" is ${bytes} bytes, over the ${MAX_FILE_BYTES}-byte limit; split it or exclude it from the job.`,
  );
}

/** Decodes bytes as UTF-8 text, refusing NUL bytes and invalid UTF-8 (the usual signs of a binary file). */
export function decodeText(path: string, bytes: Uint8Array): string {
  if (bytes.length > MAX_FILE_BYTES) throw tooLarge(path, bytes.length);
  if (bytes.includes(0)) throw new AgentdError('binary_file', `File "${path}" is binary (it contains a NUL byte); only text files can be read.`);
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
export async function readTextOrNull(relPath: string, absPath: string): Promise<string | null> {
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
    throw error;
  }
  // Checked before reading so a huge file is never loaded.
  if (size > MAX_FILE_BYTES) throw tooLarge(relPath, size);
  return decodeText(relPath, readFileSync(absPath));
}
