/** Parent directories an apply had to create, so a rollback can remove exactly those again. */
import { mkdir, rmdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Creates `dir` and its missing ancestors; returns the ones created, outermost first. */
export async function createMissingDirs(dir: string): Promise<string[]> {
  const missing: string[] = [];
  let current = dir;
  for (;;) {
    try {
      await stat(current);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || dirname(current) === current) break;
      missing.unshift(current);
      current = dirname(current);
    }
  }
  // mkdir reports the real problem (e.g. ENOTDIR when a parent is a file).
  await mkdir(dir, { recursive: true });
  return missing;
}

/** Removes the given directories, innermost first, leaving any that are not empty. */
export async function removeDirsIfEmpty(dirs: string[]): Promise<void> {
  for (const dir of [...dirs].reverse()) await rmdir(dir).catch(() => undefined);
}
