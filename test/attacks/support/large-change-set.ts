/** A workspace of 3,000 small `.js` files and what the apply attacks check on it afterwards. */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const FILES = 3000;
export const MARKER = 'marked-by-agentd';

export const relPath = (i: number): string => `src/d${Math.floor(i / 100)}/f${i}.js`;
export const original = (i: number): string => `var a${i} = ${i};\nmodule.exports = a${i};\n`;

export async function writeProject(root: string): Promise<void> {
  for (let i = 0; i < FILES; i++) {
    if (i % 100 === 0) await mkdir(path.join(root, path.dirname(relPath(i))), { recursive: true });
    await writeFile(path.join(root, relPath(i)), original(i));
  }
}

export const bulkJob = (workspace: string): Record<string, unknown> => ({
  capability: 'refactoring.test-bulk-writer',
  input: { marker: MARKER },
  workspace,
  mode: 'auto',
});

/** How many of the files carry the marker once, and how many are neither original nor marked once. */
export async function tally(root: string): Promise<{ marked: number; original: number; other: string[] }> {
  const result = { marked: 0, original: 0, other: [] as string[] };
  for (let i = 0; i < FILES; i++) {
    const text = await readFile(path.join(root, relPath(i)), 'utf8').catch(() => null);
    if (text === original(i)) result.original += 1;
    else if (text === `${original(i)}// ${MARKER}\n`) result.marked += 1;
    else result.other.push(relPath(i));
  }
  return result;
}

/** Whether file `i` carries the marker yet (a cheap probe while an apply runs). */
export async function isMarked(root: string, i: number): Promise<boolean> {
  return (await readFile(path.join(root, relPath(i)), 'utf8').catch(() => '')).includes(MARKER);
}

/** Every `.agentd-*.tmp` file under `root` (an apply's temp files must never outlive it). */
export async function tempFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.agentd-[0-9a-f]+\.tmp$/.test(entry.name))
      found.push(path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name));
  }
  return found;
}

export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
