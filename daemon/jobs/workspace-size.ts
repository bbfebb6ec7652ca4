/**
 * How much the workspace folder holds, for workspace.maxSize. Walking a tree is slow, so the figure is
 * cached for a few seconds and concurrent callers share one walk; the walk is async so the event loop
 * keeps serving /health meanwhile. Symlinks are not followed (their targets are counted where they live).
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return 0; // vanished or unreadable while walking: it holds nothing we can count
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile())
      total += await lstat(full).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

export class WorkspaceSizeMeter {
  private cached: { bytes: number; at: number } | null = null;
  private inFlight: Promise<number> | null = null;

  constructor(
    private readonly folder: string,
    private readonly ttlMs = 5000,
  ) {}

  async bytes(): Promise<number> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.bytes;
    this.inFlight ??= folderBytes(this.folder).then((bytes) => {
      this.cached = { bytes, at: Date.now() };
      this.inFlight = null;
      return bytes;
    });
    return this.inFlight;
  }
}
