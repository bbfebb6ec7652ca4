/**
 * The project context, cached per root in the thread's cache and keyed by a hash of what determines
 * it cheaply: the names in the root and the content of its config files. Detection walks the whole
 * tree; this check reads a handful of small files.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clearPrettierConfigCache } from './load-prettier.js';
import type { ProjectContext } from '../contracts/index.js';
import { contentHash } from '../cache/content-hash.js';
import { projectContexts } from '../cache/thread-caches.js';
import { realRoot } from '../workspace/confine-path.js';
import { detectProject } from './detect-project.js';
import type { RootWalker } from '../workspace/list-files.js';

// Root files whose content (not just presence) changes the detected context.
const CONFIG_FILE =
  /^(package\.json|tsconfig(\..+)?\.json|\.prettierrc.*|prettier\.config\..+|\.eslintrc.*|eslint\.config\..+|\.editorconfig|\.gitignore|tailwind\.config\..+|\.mocharc.*|(vitest|jest|next|svelte|drizzle)\.config\..+|knexfile\..+|nest-cli\.json)$/;

/** The hash that identifies the root's configuration. */
export async function projectConfigHash(base: string): Promise<string> {
  const names = (await readdir(base).catch(() => [] as string[])).sort();
  const parts = await Promise.all(
    names.map(async (name) => (CONFIG_FILE.test(name) ? `${name}\n${await readFile(join(base, name), 'utf8').catch(() => '')}` : name)),
  );
  return contentHash(parts.join('\0'));
}

/** Detections under way, by root and configuration hash: a second caller waits for the first. */
const detecting = new Map<string, Promise<ProjectContext>>();

/**
 * detectProject through the thread's cache; an unchanged configuration is not detected again, and
 * one being detected (a scan starts it early, core/scan/prefetch-sources.ts) is not detected twice.
 * `walk`: a walk of the root to share with the caller (a scan lists the project once for everything).
 */
export async function getProjectContext(root: string, walk?: RootWalker): Promise<ProjectContext> {
  const base = await realRoot(root);
  const hash = await projectConfigHash(base);
  const cached = projectContexts.get(base, hash);
  if (cached) return cached;
  const key = `${base}\0${hash}`;
  let pending = detecting.get(key);
  if (!pending) {
    pending = detect(base, hash, walk);
    detecting.set(key, pending);
    const settled = (): void => {
      detecting.delete(key);
    };
    pending.then(settled, settled);
  }
  return pending;
}

async function detect(base: string, hash: string, walk: RootWalker | undefined): Promise<ProjectContext> {
  // Prettier caches resolved configs itself; a changed configuration must not be served stale.
  await clearPrettierConfigCache();
  const context = await detectProject(base, walk);
  projectContexts.set(base, hash, context);
  return context;
}
