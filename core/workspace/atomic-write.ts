/** Writing one file so readers never see it half-written: a temp file beside it, renamed over it. */
import { chmod, rename, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** The temp file an apply writes `abs` through; `token` is the apply's, so a journal can name it. */
export function tempPathFor(abs: string, token = randomBytes(6).toString('hex')): string {
  return join(dirname(abs), `.${basename(abs)}.agentd-${token}.tmp`);
}

/** Writes `content` next to `abs` and renames it into place; the temp file never outlives a failure. */
export async function writeAtomically(abs: string, content: Buffer | string, mode: number | null, temp = tempPathFor(abs)): Promise<void> {
  try {
    await writeFile(temp, content, { flag: 'wx' });
    if (mode !== null) await chmod(temp, mode);
    await rename(temp, abs);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
