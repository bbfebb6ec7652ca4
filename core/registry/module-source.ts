/**
 * How a first-party module named by its path (a capability module found under capabilities/<group>/,
 * the plugin runner, a root's planned.js) is imported. Normally by its file URL. A bundle of the
 * scan (scripts/bundle-scan.mjs) holds these modules in its own chunks and provides them here before
 * anything is registered: importing the compiled file instead would load a second copy of core beside
 * the bundle's, with caches, memos and error classes of its own.
 */
import { pathToFileURL } from 'node:url';

const provided = new Map<string, () => Promise<unknown>>();

/** Absolute path → a function that imports the bundled module kept for that path. */
export function provideModules(entries: Iterable<readonly [string, () => Promise<unknown>]>): void {
  for (const [file, load] of entries) provided.set(file, load);
}

/** The module at `absolutePath`: its bundled copy when a bundle provided one, else the compiled file. */
export function importByPath(absolutePath: string): Promise<unknown> {
  const load = provided.get(absolutePath);
  return load ? load() : import(pathToFileURL(absolutePath).href);
}
