/**
 * Temp copies of the workspace (refactoring.verify's before/after checks, testing.run's runs): everything but node_modules and .git is
 * copied; each node_modules folder is symlinked (copying it would be slow and huge). The "after" copy
 * then gets the staged overlay written into it; the real workspace is never touched.
 */
import { cp, mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Change } from '../contracts/index.js';

const NOT_COPIED = new Set(['node_modules', '.git']);

export async function copyWorkspaceTree(root: string, label: string): Promise<string> {
  const dest = await mkdtemp(path.join(tmpdir(), `agentd-tree-${label}-`));
  const linked: string[] = [];
  await cp(root, dest, {
    recursive: true,
    filter: (source) => {
      const name = path.basename(source);
      if (!NOT_COPIED.has(name)) return true;
      if (name === 'node_modules') linked.push(path.relative(root, source));
      return false;
    },
  });
  for (const rel of linked) await symlink(path.join(root, rel), path.join(dest, rel), 'dir');
  return dest;
}

/** Writes the staged changes into a copy (never into the workspace). */
export async function applyChangesToCopy(tree: string, changes: Change[]): Promise<void> {
  for (const change of changes) {
    const target = path.join(tree, ...change.path.split('/'));
    if (change.after === null) {
      await unlink(target).catch(() => undefined);
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, change.after);
  }
}

export async function removeWorkspaceTree(tree: string): Promise<void> {
  await rm(tree, { recursive: true, force: true });
}
