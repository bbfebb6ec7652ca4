/**
 * A lock between processes on one folder (daemons sharing a workspace.path on one host take turns on a
 * repository's working copy): a `.lock` file created exclusively, holding the owner's pid. A lock whose
 * owner process is gone, or older than `staleMs`, is taken over.
 */
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

const RETRY_MS = 100;

async function stale(file: string, staleMs: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info) return true;
  if (Date.now() - info.mtimeMs > staleMs) return true;
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return false; // being written: not stale yet
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Runs `work` holding `<folder>/.lock`. */
export async function withFolderLock<T>(folder: string, staleMs: number, work: () => Promise<T>): Promise<T> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, '.lock');
  for (;;) {
    const handle = await open(file, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw error;
    });
    if (handle) {
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    }
    if (await stale(file, staleMs)) await unlink(file).catch(() => undefined);
    else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  try {
    return await work();
  } finally {
    await unlink(file).catch(() => undefined);
  }
}
